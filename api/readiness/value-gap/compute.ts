import Decimal from 'decimal.js'

import { exactFigure, moneyFigure } from '../../../shared/figures'

/*
 * The value gap (issue 34, item 2): what the owner would keep from a sale, low–mid–high, against the
 * after-tax amount they need. The model is stated, simple and exact:
 *
 *   enterprise value = the stated value, or normalized EBITDA × the multiple
 *   normalized EBITDA = reported EBITDA + the add-backs (each with its sign)
 *   transaction costs = enterprise value × cost rate
 *   tax               = (enterprise value − transaction costs) × tax rate
 *   net proceeds      = enterprise value − transaction costs − tax
 *                     = enterprise value × (1 − cost rate) × (1 − tax rate)
 *   gap               = goal − net proceeds (positive: a shortfall; negative: a surplus)
 *
 * Left out on purpose, and said so in decision 041: debt and cash (enterprise value is not the
 * equity the owner is paid for), the owner's tax basis, deal structure (earn-outs, notes) and
 * timing. Every figure is a decimal, never a binary float, and nothing is rounded: a rate of 6.5%
 * of $7,300,000 is $474,500 exactly, and the working writes each figure with every digit it has.
 */

// Enough significant digits that no product or quotient of real inputs is ever rounded: amounts of
// up to 15 digits with cents times rates of a few decimals need far fewer than 60.
const Exact = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP })
type Exact = InstanceType<typeof Exact>

/** Where an input came from: a cited cell or passage of a document, or an advisor's entry. */
export type InputSource =
  | {
      kind: 'document'
      documentId: number
      title: string
      /** "sheet P&L, row EBITDA, column FY2025", or "page 2". */
      location: string
      /** The cell or the sentence exactly as the document writes it. */
      quote: string
      /** The passage it was read in, and for a cell its place there, so a page can link to it (shared/cells.ts). */
      chunkId?: number
      cell?: { table: number; row: number; column: number }
      /** The page, sheet or section it is on (its position in the document), when no passage is linked. */
      page?: number
    }
  | { kind: 'entered'; by: string; at: string }

/** A source as a reader is told it: `Valuation letter, page 1: "…"`, or "entered by Dana Whitfield on 2026-11-28". */
export const sourceText = (source: InputSource) =>
  source.kind === 'entered'
    ? `entered by ${source.by} on ${source.at}`
    : `${source.title}${source.location === 'text' ? '' : `, ${source.location}`}: "${source.quote}"`

/**
 * A figure given as a plain decimal string ("1250000", "6.5") or a Decimal: never a JavaScript
 * number, whose 0.1 is not 0.1.
 */
export type Figure = string | Decimal

export interface Sourced<T = Figure> {
  value: T
  source: InputSource
}

export interface AddBack extends Sourced {
  /** What the schedule calls it: "Owner's salary above market". */
  label: string
}

export type ValuationInput =
  | { kind: 'stated'; low: Sourced; high: Sourced; mid?: Sourced | null }
  | {
      kind: 'multiple'
      ebitda: Sourced
      /** The schedule's items, each with its sign: a negative one lowers EBITDA. Empty: EBITDA as reported. */
      addBacks: AddBack[]
      multiples: { low: Sourced; mid: Sourced; high: Sourced }
    }

/** Rates are percentages, 0 to 100 ("6.5" is 6.5%), as an advisor says and enters them. */
export interface ValueGapInputs {
  goal: { afterTax: Sourced; targetDate?: Sourced<string> | null }
  valuation: ValuationInput
  transactionCostPercent: Sourced
  taxPercent: Sourced
}

export type Case = 'low' | 'mid' | 'high'
export const CASES: Case[] = ['low', 'mid', 'high']

export interface Scenario {
  case: Case
  enterpriseValue: Decimal
  transactionCosts: Decimal
  proceedsBeforeTax: Decimal
  tax: Decimal
  netProceeds: Decimal
  /** Goal minus net proceeds: positive is a shortfall, negative a surplus, zero the goal met exactly. */
  gap: Decimal
  outcome: 'shortfall' | 'surplus' | 'met'
  /** Each step in words with its figures: "Transaction costs: $7,300,000 × 6.5% = $474,500". */
  working: string[]
}

export interface ValueGap {
  goal: Decimal
  /** Reported EBITDA plus the add-backs, with its working; null for a stated valuation. */
  normalizedEbitda: { value: Decimal; working: string } | null
  scenarios: Record<Case, Scenario>
  /** Every input as used, with its source, so a page can show where each came from. */
  inputs: Array<{ name: string; value: string; source: InputSource }>
}

export class InvalidValueGapInputs extends Error {
  constructor(readonly messages: string[]) {
    super(messages.join(' '))
  }
}

const PLAIN_DECIMAL = /^-?\d{1,18}(?:\.\d{1,10})?$/

/** The figure as an exact decimal, or a message naming the input when it is none. */
function read(name: string, figure: Figure, messages: string[]): Exact | null {
  if (typeof figure === 'string') {
    const written = figure.trim()
    if (PLAIN_DECIMAL.test(written)) return new Exact(written)
  } else if (Decimal.isDecimal(figure) && figure.isFinite()) return new Exact(figure.toFixed())
  messages.push(`${name} must be a number written with digits and at most one point, such as 1250000 or 6.5.`)
  return null
}

const money = (value: Decimal) => moneyFigure(value.toFixed())
const percent = (value: Decimal) => `${exactFigure(value.toFixed())}%`
const times = (value: Decimal) => `${exactFigure(value.toFixed())}×`

/** Checks every input and returns the messages for those that are wrong; empty when all are right. */
export function validateValueGapInputs(inputs: ValueGapInputs): string[] {
  return readInputs(inputs).messages
}

function readInputs(inputs: ValueGapInputs) {
  const messages: string[] = []
  const nonNegative = (name: string, figure: Figure) => {
    const value = read(name, figure, messages)
    if (value?.isNegative()) messages.push(`${name} cannot be negative.`)
    return value
  }
  const rate = (name: string, figure: Figure) => {
    const value = read(name, figure, messages)
    if (value && (value.isNegative() || value.gt(100)))
      messages.push(`${name} is a percentage and must be between 0 and 100 (6.5 for 6.5%).`)
    return value
  }
  const goal = nonNegative('The after-tax amount the owner needs', inputs.goal.afterTax.value)
  const costRate = rate('The transaction cost rate', inputs.transactionCostPercent.value)
  const taxRate = rate('The tax rate', inputs.taxPercent.value)

  let values: Record<Case, Exact | null> = { low: null, mid: null, high: null }
  let normalized: ValueGap['normalizedEbitda'] = null
  let multiples: Record<Case, Exact | null> | null = null
  const { valuation } = inputs
  if (valuation.kind === 'stated') {
    const low = nonNegative('The low end of the stated valuation', valuation.low.value)
    const high = nonNegative('The high end of the stated valuation', valuation.high.value)
    const mid = valuation.mid ? nonNegative('The stated mid-point valuation', valuation.mid.value) : null
    if (low && high && low.gt(high)) messages.push('The low end of the stated valuation is above its high end.')
    if (mid && low && high && (mid.lt(low) || mid.gt(high)))
      messages.push('The stated mid-point valuation lies outside its range.')
    values = { low, mid: valuation.mid ? mid : low && high && low.plus(high).dividedBy(2), high }
  } else {
    const ebitda = read('Reported EBITDA', valuation.ebitda.value, messages)
    const addBacks = valuation.addBacks.map((item) => ({
      item,
      value: read(`The add-back "${item.label}"`, item.value, messages),
    }))
    multiples = Object.fromEntries(
      CASES.map((name) => {
        const value = read(`The ${name} multiple`, valuation.multiples[name].value, messages)
        if (value && !value.gt(0)) messages.push(`The ${name} multiple must be more than zero.`)
        if (value?.isZero()) return [name, null]
        return [name, value]
      }),
    ) as Record<Case, Exact | null>
    const { low, mid, high } = multiples
    if (low && mid && low.gt(mid)) messages.push('The low multiple is above the mid multiple.')
    if (mid && high && mid.gt(high)) messages.push('The mid multiple is above the high multiple.')
    if (low && high && !mid && low.gt(high)) messages.push('The low multiple is above the high multiple.')
    if (ebitda && addBacks.every(({ value }) => value)) {
      const value = addBacks.reduce((sum, { value }) => sum.plus(value!), ebitda)
      if (!value.gt(0))
        messages.push(
          `Normalized EBITDA is ${money(value)}: a business is valued at a multiple of EBITDA only when it is more than zero.`,
        )
      const working = addBacks.length
        ? `Normalized EBITDA: reported ${money(ebitda)}${addBacks
            .map(({ item, value }) => ` ${value!.isNegative() ? '−' : '+'} ${item.label} ${money(value!.abs())}`)
            .join('')} = ${money(value)}`
        : `Normalized EBITDA: reported ${money(ebitda)}, no add-backs = ${money(value)}`
      normalized = { value, working }
    }
    const set = multiples
    values = Object.fromEntries(
      CASES.map((name) => [name, normalized && set[name] ? normalized.value.times(set[name]) : null]),
    ) as Record<Case, Exact | null>
  }
  return { messages, goal, costRate, taxRate, values, normalized, multiples }
}

/**
 * The value gap, low–mid–high, computed exactly. Throws InvalidValueGapInputs with a message for
 * every wrong input, so nothing is computed from a figure that cannot be right.
 */
export function computeValueGap(inputs: ValueGapInputs): ValueGap {
  const { messages, goal, costRate, taxRate, values, normalized, multiples } = readInputs(inputs)
  if (messages.length > 0 || !goal || !costRate || !taxRate || CASES.some((name) => !values[name]))
    throw new InvalidValueGapInputs(messages.length ? messages : ['The valuation could not be read.'])
  const { valuation } = inputs
  const scenarios = Object.fromEntries(
    CASES.map((name): [Case, Scenario] => {
      const enterpriseValue = values[name]!
      const transactionCosts = enterpriseValue.times(costRate).dividedBy(100)
      const proceedsBeforeTax = enterpriseValue.minus(transactionCosts)
      const tax = proceedsBeforeTax.times(taxRate).dividedBy(100)
      const netProceeds = proceedsBeforeTax.minus(tax)
      const gap = goal.minus(netProceeds)
      const valueStep =
        valuation.kind === 'stated'
          ? name === 'mid' && !valuation.mid
            ? `Enterprise value (mid): the middle of the stated range, (${money(values.low!)} + ${money(values.high!)}) / 2 = ${money(enterpriseValue)}`
            : `Enterprise value (${name}): stated as ${money(enterpriseValue)}`
          : `Enterprise value (${name}): normalized EBITDA ${money(normalized!.value)} × ${times(multiples![name]!)} = ${money(enterpriseValue)}`
      const working = [
        valueStep,
        `Transaction costs: ${money(enterpriseValue)} × ${percent(costRate)} = ${money(transactionCosts)}`,
        `Proceeds before tax: ${money(enterpriseValue)} − ${money(transactionCosts)} = ${money(proceedsBeforeTax)}`,
        `Tax: ${money(proceedsBeforeTax)} × ${percent(taxRate)} = ${money(tax)}`,
        `Net proceeds: ${money(proceedsBeforeTax)} − ${money(tax)} = ${money(netProceeds)}`,
        gap.isZero()
          ? `Gap: ${money(goal)} − ${money(netProceeds)} = $0, the goal met exactly`
          : gap.isPositive()
            ? `Gap: ${money(goal)} − ${money(netProceeds)} = ${money(gap)}, a shortfall`
            : `Gap: ${money(goal)} − ${money(netProceeds)} = ${money(gap)}, a surplus of ${money(gap.abs())}`,
      ]
      return [
        name,
        {
          case: name,
          enterpriseValue,
          transactionCosts,
          proceedsBeforeTax,
          tax,
          netProceeds,
          gap,
          outcome: gap.isZero() ? 'met' : gap.isPositive() ? 'shortfall' : 'surplus',
          working,
        },
      ]
    }),
  ) as Record<Case, Scenario>
  return { goal, normalizedEbitda: normalized, scenarios, inputs: inputsOf(inputs) }
}

const written = (figure: Figure) => (typeof figure === 'string' ? figure.trim() : figure.toFixed())

function inputsOf({ goal, valuation, transactionCostPercent, taxPercent }: ValueGapInputs): ValueGap['inputs'] {
  const listed: ValueGap['inputs'] = [
    { name: 'After-tax amount needed', value: written(goal.afterTax.value), source: goal.afterTax.source },
  ]
  if (goal.targetDate)
    listed.push({ name: 'Target date', value: goal.targetDate.value, source: goal.targetDate.source })
  if (valuation.kind === 'stated') {
    listed.push({ name: 'Stated valuation, low', value: written(valuation.low.value), source: valuation.low.source })
    if (valuation.mid)
      listed.push({ name: 'Stated valuation, mid', value: written(valuation.mid.value), source: valuation.mid.source })
    listed.push({ name: 'Stated valuation, high', value: written(valuation.high.value), source: valuation.high.source })
  } else {
    listed.push({ name: 'Reported EBITDA', value: written(valuation.ebitda.value), source: valuation.ebitda.source })
    for (const item of valuation.addBacks)
      listed.push({ name: `Add-back: ${item.label}`, value: written(item.value), source: item.source })
    for (const name of CASES)
      listed.push({
        name: `Multiple, ${name}`,
        value: written(valuation.multiples[name].value),
        source: valuation.multiples[name].source,
      })
  }
  listed.push({
    name: 'Transaction cost rate (%)',
    value: written(transactionCostPercent.value),
    source: transactionCostPercent.source,
  })
  listed.push({ name: 'Tax rate (%)', value: written(taxPercent.value), source: taxPercent.source })
  return listed
}
