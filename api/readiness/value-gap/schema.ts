import Decimal from 'decimal.js'
import { z } from 'zod'

import { isCalendarDay } from '../../../shared/calendar'

export { ENTRY_FIELDS, type EntryField } from '../../../shared/value-gap'

const NOT_A_STRING = 'Send the figure as a string of digits, such as "5000000", never as a JSON number.'
const NOT_DIGITS = 'Enter a number written with digits and at most one point, such as 5000000 or 6.5.'
const NEGATIVE = 'Must not be negative.'
// As the profile's time zone: "" clears, and null is refused like every other field of the API.
const CLEAR_WITH_EMPTY = 'Send "" to clear this entry; null is not accepted.'

/** A string field whose wrong types each get their own message. */
const text = (wrongType: string) =>
  z.string({
    errorMap: (issue, context) =>
      issue.code === 'invalid_type'
        ? { message: issue.received === 'null' ? CLEAR_WITH_EMPTY : wrongType }
        : { message: context.defaultError },
  })

/** "" is no entry: it clears the field. */
const emptyClears = (value: string) => (value === '' ? null : value)

/**
 * A decimal string, checked as a person typed it: a JSON number is refused (its 0.1 is not 0.1),
 * and so are an exponent, a sign, grouping commas and more digits than an amount has.
 */
function decimal(kind: { wholeDigits: number; decimals: number; check?: (value: Decimal) => string | null }) {
  return text(NOT_A_STRING)
    .trim()
    .superRefine((value, context) => {
      const fail = (message: string) => context.addIssue({ code: 'custom', message })
      if (value === '') return
      if (/^[-−]/.test(value)) return fail(NEGATIVE)
      const match = /^(\d+)(?:\.(\d+))?$/.exec(value)
      if (!match) return fail(NOT_DIGITS)
      if (match[1]!.replace(/^0+(?=\d)/, '').length > kind.wholeDigits)
        return fail(`Enter at most ${kind.wholeDigits} digits before the point.`)
      if ((match[2]?.length ?? 0) > kind.decimals) return fail(`Use at most ${kind.decimals} decimal places.`)
      const message = kind.check?.(new Decimal(value))
      if (message) fail(message)
    })
    .transform(emptyClears)
    .optional()
}

const amount = decimal({ wholeDigits: 15, decimals: 2 })
const percent = decimal({
  wholeDigits: 3,
  decimals: 4,
  check: (value) => (value.gt(100) ? 'Enter a percentage between 0 and 100, such as 6.5.' : null),
})
const multiple = decimal({
  wholeDigits: 4,
  decimals: 4,
  check: (value) => (value.isZero() ? 'A multiple must be more than zero.' : null),
})

const DATE_MESSAGE = 'Enter a real date as YYYY-MM-DD, e.g. 2028-06-30.'

/** PUT /api/value-gap/: any of these; a figure sets the entry, "" clears it, a field left out stays. */
export const ValueGapPutSchema = z
  .object(
    {
      goal_after_tax: amount,
      target_date: text(DATE_MESSAGE)
        .trim()
        .refine((value) => value === '' || isCalendarDay(value), DATE_MESSAGE)
        .refine((value) => value === '' || value >= '1900-01-01', 'Enter a date after the year 1900.')
        .transform(emptyClears)
        .optional(),
      ebitda: amount,
      valuation_low: amount,
      valuation_high: amount,
      multiple_low: multiple,
      multiple_mid: multiple,
      multiple_high: multiple,
      transaction_cost_percent: percent,
      tax_percent: percent,
    },
    { invalid_type_error: 'Invalid data. Expected a JSON object.' },
  )
  .strict('Unknown field.')

export type ValueGapPut = z.infer<typeof ValueGapPutSchema>
