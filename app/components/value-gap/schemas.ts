import { z } from 'zod'

import { optionalDate } from '~/components/date-field'

import { typedAmount } from './typed-amount'

/*
 * The form of the advisor's entries, checked in the browser and again by the action with the
 * backend's own rules (api/readiness/value-gap/schema.ts), so most mistakes are caught before a round trip.
 * A field left empty clears its entry.
 */

const DIGITS = /^\d+(?:\.\d+)?$/

function figure(kind: { name: string; decimals: number; max?: number; positive?: boolean }) {
  return z
    .string()
    .trim()
    .optional()
    .superRefine((value, context) => {
      if (value === undefined) return
      const fail = (message: string) => context.addIssue({ code: 'custom', message })
      if (/^[-−]/.test(value)) return fail(`${kind.name} cannot be negative`)
      if (!DIGITS.test(value))
        return fail(`Enter ${kind.name.toLowerCase()} with digits and at most one point, e.g. 6.5`)
      if ((value.split('.')[1]?.length ?? 0) > kind.decimals) return fail(`Use at most ${kind.decimals} decimal places`)
      if (kind.max !== undefined && Number(value) > kind.max)
        return fail(`Enter a percentage between 0 and ${kind.max}`)
      if (kind.positive && Number(value) === 0) fail('A multiple must be more than zero')
    })
}

const multiple = (name: string) => figure({ name, decimals: 4, positive: true })
const percent = (name: string) => figure({ name, decimals: 4, max: 100 })

/**
 * An amount of dollars as typed ("18,000,000", "$18M", "250k"), sent to the backend as the plain
 * decimal it takes; a field left empty clears its entry.
 */
const amount = (name: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value, context) => {
      if (value === undefined) return value
      if (/^\$?\s*[-−]/.test(value)) {
        context.addIssue({ code: 'custom', message: `${name} cannot be negative` })
        return z.NEVER
      }
      const typed = typedAmount(value)
      if (typed === null) {
        context.addIssue({
          code: 'custom',
          message: `Enter ${name.toLowerCase()} as an amount of dollars, e.g. 18,000,000 or $18M`,
        })
        return z.NEVER
      }
      if ((typed.split('.')[1]?.length ?? 0) > 2) {
        context.addIssue({ code: 'custom', message: 'Use at most 2 decimal places' })
        return z.NEVER
      }
      return typed
    })

export const ValueGapFormSchema = z
  .object({
    multiple_low: multiple('The low multiple'),
    multiple_mid: multiple('The mid multiple'),
    multiple_high: multiple('The high multiple'),
    transaction_cost_percent: percent('The transaction cost rate'),
    tax_percent: percent('The tax rate'),
    goal_after_tax: amount('The after-tax goal'),
    target_date: optionalDate(),
    ebitda: amount('Reported EBITDA'),
    valuation_low: amount('The low valuation'),
    valuation_high: amount('The high valuation'),
  })
  .superRefine((value, context) => {
    const multiples = [value.multiple_low, value.multiple_mid, value.multiple_high]
    const given = multiples.filter((item) => item !== undefined).length
    if (given > 0 && given < 3)
      (['multiple_low', 'multiple_mid', 'multiple_high'] as const).forEach((field) => {
        if (value[field] === undefined)
          context.addIssue({ code: 'custom', path: [field], message: 'Enter all three multiples, or none' })
      })
    const [low, mid, high] = multiples.map((item) => (item && DIGITS.test(item) ? Number(item) : null))
    // Compared as numbers only to order them: the figures sent are the strings as typed.
    if (low !== null && mid !== null && low > mid)
      context.addIssue({
        code: 'custom',
        path: ['multiple_low'],
        message: 'The low multiple is above the mid multiple',
      })
    if (mid !== null && high !== null && mid > high)
      context.addIssue({
        code: 'custom',
        path: ['multiple_mid'],
        message: 'The mid multiple is above the high multiple',
      })
    const [valuationLow, valuationHigh] = [value.valuation_low, value.valuation_high].map((item) =>
      item === undefined ? null : Number(item),
    )
    if (valuationLow !== null && valuationHigh !== null && valuationLow > valuationHigh)
      context.addIssue({
        code: 'custom',
        path: ['valuation_low'],
        message: 'The low valuation is above the high valuation',
      })
  })

export type ValueGapForm = z.infer<typeof ValueGapFormSchema>
export const VALUE_GAP_FIELDS = [
  'multiple_low',
  'multiple_mid',
  'multiple_high',
  'transaction_cost_percent',
  'tax_percent',
  'goal_after_tax',
  'target_date',
  'ebitda',
  'valuation_low',
  'valuation_high',
] as const
