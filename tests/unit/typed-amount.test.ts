import { parseWithZod } from '@conform-to/zod'
import { describe, expect, it } from 'vitest'

import { ValueGapFormSchema } from '../../app/components/value-gap/schemas'
import { typedAmount } from '../../app/components/value-gap/typed-amount'

// Issue 47 item 4: money fields take amounts as people type them.
describe('an amount as typed', () => {
  it.each([
    ['18000000', '18000000'],
    ['18,000,000', '18000000'],
    ['$18,000,000', '18000000'],
    ['$ 18,000,000.50', '18000000.5'],
    ['$18M', '18000000'],
    ['18m', '18000000'],
    ['18 MM', '18000000'],
    ['$18.5M', '18500000'],
    ['2.1234k', '2123.4'],
    ['250k', '250000'],
    ['$1.2bn', '1200000000'],
    ['0.75', '0.75'],
    ['007', '7'],
    ['1,000.00', '1000'],
  ])('reads %s as %s', (typed, plain) => {
    expect(typedAmount(typed)).toBe(plain)
  })

  it.each([
    '18,00,000',
    '1,0000',
    '$',
    'M',
    '18 million dollars',
    '1.2.3',
    '18M$',
    '$$18',
    '1e6',
    '18,000,000,',
    'twelve',
  ])('refuses %s', (typed) => {
    expect(typedAmount(typed)).toBeNull()
  })
})

const submit = (fields: Record<string, string>) => {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.set(name, value)
  return parseWithZod(form, { schema: ValueGapFormSchema })
}

/** The fields' messages of a refused submission; null when it was accepted. */
const errorsOf = (fields: Record<string, string>) => {
  const submission = submit(fields)
  return submission.status === 'error' ? submission.error : null
}

describe('the value gap form', () => {
  it('sends amounts typed with grouping, a dollar sign or a suffix as plain decimals', () => {
    const submission = submit({
      goal_after_tax: '$18M',
      ebitda: '1,184,000',
      valuation_low: '6.5m',
      valuation_high: '$7,250,000.25',
    })
    expect(submission.status).toBe('success')
    expect(submission.status === 'success' && submission.value).toMatchObject({
      goal_after_tax: '18000000',
      ebitda: '1184000',
      valuation_low: '6500000',
      valuation_high: '7250000.25',
    })
  })

  it('says what an amount looks like, and keeps the example of a multiple for multiples', () => {
    const errors = errorsOf({
      goal_after_tax: '18 million dollars',
      multiple_low: '5x',
      multiple_mid: '5',
      multiple_high: '6',
    })
    expect(errors).toMatchObject({
      goal_after_tax: ['Enter the after-tax goal as an amount of dollars, e.g. 18,000,000 or $18M'],
      multiple_low: ['Enter the low multiple with digits and at most one point, e.g. 6.5'],
    })
  })

  it('refuses a negative amount, more than cents, and a low valuation above the high one', () => {
    expect(errorsOf({ ebitda: '-$5M' })).toMatchObject({ ebitda: ['Reported EBITDA cannot be negative'] })
    expect(errorsOf({ ebitda: '$1,000.005' })).toMatchObject({ ebitda: ['Use at most 2 decimal places'] })
    expect(errorsOf({ valuation_low: '$9M', valuation_high: '8,500,000' })).toMatchObject({
      valuation_low: ['The low valuation is above the high valuation'],
    })
  })
})
