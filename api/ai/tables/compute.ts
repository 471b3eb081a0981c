import Decimal from 'decimal.js'

import type { Scale } from './table'

/** Where an operand was read: its row and column in the table, their labels and the cell as written. */
export interface CellReference {
  row: number
  column: number
  rowLabel: string
  columnLabel: string
  text: string
}

export interface Operand {
  value: Decimal
  cell: CellReference
}

export interface Computation {
  value: Decimal
  /** The result with its unit and scale, as an answer says it: "$293.6 million", "24.41%". */
  display: string
  scale: Scale | null
  unit: string | null
  /** One line with every operand: "(1,496.5 − 1,202.9) / 1,202.9 = 24.41%". */
  derivation: string
}

// Percentages and ratios are given to two decimals, as the reports' own percentages and TAT-QA's
// gold answers are; sums and differences keep their operands' precision exactly.
const COMPUTED_DECIMALS = 2

/** 1452.4 → "1,452.4"; −12.5 → "-12.5". */
export function formatNumber(value: Decimal) {
  const [whole, fraction] = value.abs().toFixed().split('.')
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${value.isNegative() && !value.isZero() ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`
}

/** An operand in a formula: negative ones in parentheses so "−" never reads as a subtraction. */
const term = (operand: Operand) =>
  operand.value.isNegative() ? `(${formatNumber(operand.value)})` : formatNumber(operand.value)

export function describe(value: Decimal, scale: Scale | null, unit: string | null) {
  if (unit === '%') return `${formatNumber(value)}%`
  const currency = unit && unit !== '%' ? unit : ''
  const sign = value.isNegative() ? '-' : ''
  return `${sign}${currency}${formatNumber(value.abs())}${scale ? ` ${scale}` : ''}`
}

function result(value: Decimal, scale: Scale | null, unit: string | null, formula: string): Computation {
  const display = describe(value, scale, unit)
  return { value, display, scale, unit, derivation: `${formula} = ${display}` }
}

const round = (value: Decimal) => value.toDecimalPlaces(COMPUTED_DECIMALS, Decimal.ROUND_HALF_UP)

export function lookup(operand: Operand, scale: Scale | null, unit: string | null): Computation {
  return { ...result(operand.value, scale, unit, formatNumber(operand.value)), derivation: operand.cell.text.trim() }
}

/** Later minus earlier: `1,496.5 − 1,202.9 = 293.6`. */
export function difference(later: Operand, earlier: Operand, scale: Scale | null, unit: string | null) {
  return result(later.value.minus(earlier.value), scale, unit, `${term(later)} − ${term(earlier)}`)
}

/** `(1,496.5 − 1,202.9) / 1,202.9 = 24.41%`; null when the base is zero. */
export function percentageChange(later: Operand, earlier: Operand): Computation | null {
  if (earlier.value.isZero()) return null
  const value = round(later.value.minus(earlier.value).dividedBy(earlier.value).times(100))
  return result(value, null, '%', `(${term(later)} − ${term(earlier)}) / ${term(earlier)}`)
}

export function sum(operands: Operand[], scale: Scale | null, unit: string | null) {
  const value = operands.reduce((total, operand) => total.plus(operand.value), new Decimal(0))
  return result(value, scale, unit, operands.map(term).join(' + '))
}

export function average(operands: Operand[], scale: Scale | null, unit: string | null) {
  const total = operands.reduce((sum, operand) => sum.plus(operand.value), new Decimal(0))
  const value = round(total.dividedBy(operands.length))
  return result(value, scale, unit, `(${operands.map(term).join(' + ')}) / ${operands.length}`)
}

/** `part / whole`, as a percentage when asked for a share: `650 / 3,423 = 18.99%`. */
export function ratio(part: Operand, whole: Operand, asPercentage: boolean): Computation | null {
  if (whole.value.isZero()) return null
  const quotient = part.value.dividedBy(whole.value)
  return asPercentage
    ? result(round(quotient.times(100)), null, '%', `${term(part)} / ${term(whole)}`)
    : result(round(quotient), null, null, `${term(part)} / ${term(whole)}`)
}

export function count(matching: Operand[], of: number, condition: string): Computation {
  const value = new Decimal(matching.length)
  return {
    value,
    display: String(matching.length),
    scale: null,
    unit: null,
    derivation: `${matching.length} of ${of} ${condition}${matching.length ? `: ${matching.map((operand) => operand.cell.columnLabel || operand.cell.rowLabel).join(', ')}` : ''}`,
  }
}
