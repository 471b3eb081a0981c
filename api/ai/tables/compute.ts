import Decimal from 'decimal.js'

import { exactFigure, namesIdentifiers, readableCell, withUnit } from '../../../shared/figures'
import { CURRENCY_SIGN } from '../text/amounts'
import { type Scale } from '../text/scales'

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

/** A piece of a derivation: text, or an operand as the derivation writes it (so a caller can cite it). */
export type Part = string | { operand: Operand; text: string }

export interface Computation {
  value: Decimal
  /** The result with its unit and scale, as an answer says it: "$293.6 million", "24.41%". */
  display: string
  scale: Scale | null
  unit: string | null
  /** One line with every operand: "(1,496.5 − 1,202.9) / 1,202.9 = 24.41%". */
  derivation: string
  /** The derivation in pieces, each operand apart: the same text when written out. */
  parts: Part[]
}

/** Writes a derivation's parts, with `mark(operand)` (a citation marker) after each operand. */
export const writeParts = (parts: Part[], mark: (operand: Operand) => string = () => '') =>
  parts.map((part) => (typeof part === 'string' ? part : `${part.text}${mark(part.operand)}`)).join('')

// Percentages and ratios are given to two decimals, as the reports' own percentages and TAT-QA's
// gold answers are; sums and differences keep their operands' precision exactly.
const COMPUTED_DECIMALS = 2
// The digits a scale word stands for: an amount in millions is exact to the dollar at six decimals.
const SCALE_DIGITS: Record<Scale, number> = { thousand: 3, million: 6, billion: 9 }

/** 1452.4 → "1,452.4"; −12.5 → "-12.5"; with `decimals`, that many ("1,452.40"), never fewer than it holds. */
export function formatNumber(value: Decimal, decimals?: number) {
  const exact = value.toFixed()
  const held = exact.split('.')[1]?.length ?? 0
  return exactFigure(decimals !== undefined && decimals > held ? value.toFixed(decimals) : exact)
}

/** An operand in a formula: negative ones in parentheses so "−" never reads as a subtraction. */
const term = (operand: Operand): Part => ({
  operand,
  text: operand.value.isNegative() ? `(${formatNumber(operand.value)})` : formatNumber(operand.value),
})
/** Operands with `between` written between them. */
const joined = (operands: Operand[], between: string): Part[] =>
  operands.flatMap((operand, index) => (index === 0 ? [term(operand)] : [between, term(operand)]))

export function describe(value: Decimal, scale: Scale | null, unit: string | null, decimals?: number) {
  if (unit === '%') return `${formatNumber(value, decimals)}%`
  const currency = unit && unit !== '%' ? unit : ''
  const sign = value.isNegative() ? '-' : ''
  return `${sign}${currency}${formatNumber(value.abs(), decimals)}${scale ? ` ${scale}` : ''}`
}

/** A cell as an answer quotes it: grouped for reading, every digit kept; an identifier's as written. */
export const cellText = ({ cell }: { cell: CellReference }) =>
  readableCell(cell.text.trim(), cell.rowLabel, cell.columnLabel)

// "00123", "-0012": digits a code is written with, which no figure has.
const LEADING_ZERO = new RegExp(String.raw`^[-−(]?\s*${CURRENCY_SIGN}?\s*0\d`)

/** Whether a cell's digits are a code or an id, written exactly as the cell has them: "00123", an id column's "10023". */
function isIdentifier({ cell }: { cell: CellReference }) {
  const written = cell.text.trim()
  // Only bare digits can be an id: "1,234", "$12" or "(5)" are amounts whatever their column says.
  return (
    LEADING_ZERO.test(written) ||
    (/^\d+$/.test(written) && (namesIdentifiers(cell.rowLabel) || namesIdentifiers(cell.columnLabel)))
  )
}

/**
 * A figure looked up, as the answer states it: with its unit and scale, and as many decimals as the
 * cell has ("1,452.40" stays so). A code ("00123") or a cell of an id or code column is no amount:
 * it is given exactly as written, for a figure that dropped its zeros would be another code.
 */
export function describeCell(operand: Operand, scale: Scale | null, unit: string | null) {
  const written = operand.cell.text.trim()
  if (isIdentifier(operand)) return written
  const decimals = /\.(\d+)\s*%?\)?$/.exec(written)?.[1]!.length
  return describe(operand.value, scale, unit, decimals)
}

/**
 * A cell as the working of a figure looked up quotes it: grouped, with the unit the figure is stated
 * in ("Revenue, FY2025: $26,100,000" in a sheet of dollars, "31%" in a percent column). A cell of a
 * table in thousands keeps its digits bare: "$26,100" would state another figure.
 */
const quotedCell = (operand: Operand, scale: Scale | null, unit: string | null) =>
  scale || isIdentifier(operand) ? cellText(operand) : withUnit(cellText(operand), unit)

function result(value: Decimal, scale: Scale | null, unit: string | null, formula: Part[]): Computation {
  const display = describe(value, scale, unit)
  const parts = [...formula, ` = ${display}`]
  return { value, display, scale, unit, derivation: writeParts(parts), parts }
}

const round = (value: Decimal) => value.toDecimalPlaces(COMPUTED_DECIMALS, Decimal.ROUND_HALF_UP)

export function lookup(operand: Operand, scale: Scale | null, unit: string | null): Computation {
  const parts: Part[] = [{ operand, text: quotedCell(operand, scale, unit) }]
  const display = describeCell(operand, scale, unit)
  return { value: operand.value, display, scale, unit, derivation: writeParts(parts), parts }
}

/** Several figures asked at once ("in 2019 and 2018 respectively"): each as an answer says it, "; " between. */
export function lookupAll(operands: Operand[], scale: Scale | null, unit: string | null): Computation {
  const parts: Part[] = operands.flatMap((operand, index) => [
    `${index === 0 ? '' : '; '}${operand.cell.columnLabel}: `,
    { operand, text: quotedCell(operand, scale, unit) },
  ])
  const display = operands.map((operand) => describeCell(operand, scale, unit)).join('; ')
  return { value: operands[0]!.value, display, scale, unit, derivation: writeParts(parts), parts }
}

/** Later minus earlier: `1,496.5 − 1,202.9 = 293.6`. */
export function difference(later: Operand, earlier: Operand, scale: Scale | null, unit: string | null) {
  return result(later.value.minus(earlier.value), scale, unit, [term(later), ' − ', term(earlier)])
}

/** `(1,496.5 − 1,202.9) / 1,202.9 = 24.41%`; null when the base is zero. */
export function percentageChange(later: Operand, earlier: Operand): Computation | null {
  if (earlier.value.isZero()) return null
  const value = round(later.value.minus(earlier.value).dividedBy(earlier.value).times(100))
  return result(value, null, '%', ['(', term(later), ' − ', term(earlier), ') / ', term(earlier)])
}

/** `(8,967,000 / 6,420,000)^(1/4) − 1 = 8.71%`; null when either end is not positive. */
export function compoundGrowth(later: Operand, earlier: Operand, years: number): Computation | null {
  if (!earlier.value.isPositive() || !later.value.isPositive() || earlier.value.isZero()) return null
  const value = round(later.value.dividedBy(earlier.value).pow(new Decimal(1).dividedBy(years)).minus(1).times(100))
  return result(value, null, '%', ['(', term(later), ' / ', term(earlier), `)^(1/${years}) − 1`])
}

/** The operands added up. */
export const total = (operands: Array<{ value: Decimal }>) =>
  operands.reduce((sum, operand) => sum.plus(operand.value), new Decimal(0))

export function sum(operands: Operand[], scale: Scale | null, unit: string | null) {
  const value = total(operands)
  return result(value, scale, unit, joined(operands, ' + '))
}

/**
 * The operands' mean, exact to the unit the amounts count: an average of figures in millions is
 * given to the dollar ("0.725333 million"), for an advisor checks it against the dollars. Shares
 * and other unscaled figures keep two decimals.
 */
export function average(operands: Operand[], scale: Scale | null, unit: string | null) {
  const decimals = scale && unit !== '%' ? Math.max(COMPUTED_DECIMALS, SCALE_DIGITS[scale]) : COMPUTED_DECIMALS
  const value = total(operands).dividedBy(operands.length).toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP)
  return result(value, scale, unit, ['(', ...joined(operands, ' + '), `) / ${operands.length}`])
}

/** `part / whole`, as a percentage when asked for a share: `650 / 3,423 = 18.99%`. */
export function ratio(part: Operand, whole: Operand, asPercentage: boolean): Computation | null {
  if (whole.value.isZero()) return null
  const quotient = part.value.dividedBy(whole.value)
  return asPercentage
    ? result(round(quotient.times(100)), null, '%', [term(part), ' / ', term(whole)])
    : result(round(quotient), null, null, [term(part), ' / ', term(whole)])
}

/** Several parts over one whole: `(1,296,000 + 644,000) / 8,967,000 = 21.63%`; null when the whole is zero. */
export function shareOfTotal(parts: Operand[], whole: Operand, asPercentage: boolean): Computation | null {
  if (whole.value.isZero()) return null
  const quotient = parts.reduce((sum, part) => sum.plus(part.value), new Decimal(0)).dividedBy(whole.value)
  const formula: Part[] = ['(', ...joined(parts, ' + '), ') / ', term(whole)]
  return asPercentage
    ? result(round(quotient.times(100)), null, '%', formula)
    : result(round(quotient), null, null, formula)
}

/** The periods whose figures a question asks for ("2019; 2018"), each named with its cell. */
export function select(chosen: Array<{ operand: Operand; label: string }>, condition: string): Computation {
  const parts: Part[] = [
    `${condition}: `,
    ...chosen.flatMap(({ operand, label }, index) => [
      `${index === 0 ? '' : ', '}${label} (`,
      { operand, text: cellText(operand) },
      ')',
    ]),
  ]
  const display = chosen.map(({ label }) => label).join('; ')
  return { value: new Decimal(chosen.length), display, scale: null, unit: null, derivation: writeParts(parts), parts }
}

export function count(matching: Operand[], of: number, condition: string): Computation {
  const value = new Decimal(matching.length)
  const named = matching.map((operand) => ({ operand, text: operand.cell.columnLabel || operand.cell.rowLabel }))
  const parts: Part[] = [
    `${matching.length} of ${of} ${condition}`,
    ...named.flatMap((part, index) => [index === 0 ? ': ' : ', ', part]),
  ]
  return { value, display: String(matching.length), scale: null, unit: null, derivation: writeParts(parts), parts }
}
