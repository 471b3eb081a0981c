import Decimal from 'decimal.js'

import { findAcross, inUnits } from './across'
import { type Computation, describe, formatNumber, type Operand, type Part, writeParts } from './compute'
import { gerundsOf, type Period, type Question, termsOf } from './question'
import type { Table } from './table'
import { columnTotal } from './totals'

/*
 * An advisor's measures that the files hold only as their parts: working capital from the balance
 * sheet, adjusted EBITDA from the P&L and a schedule of add-backs, a value at a multiple of either.
 * Each formula reads its operands from whichever tables name them (often several documents), brings
 * them to units and writes its working; a measure the files state as a row of its own is read as is.
 * A missing operand means no answer, never a neighbour in its place.
 */

type Tables<S> = Array<{ table: Table; source: S }>

interface Amount<S> {
  /** In units, whatever the scale of the tables it was read from. */
  value: Decimal
  /** How the working writes it: one figure, or a parenthesised sum of a schedule's rows. */
  parts: Part[]
  operands: Operand[]
  sources: S[]
  unit: string | null
  year: number | null
}

export interface FormulaAnswer<S> {
  computation: Computation
  operands: Operand[]
  sources: S[]
}

/** A row the tables name, for the period asked: "Total current assets" at December 31, 2025. */
function row<S>(tables: Tables<S>, words: string, period: Period): Amount<S> | null {
  // A formula's own row names are read whole: "current" is no period word in "Total current assets".
  const found = findAcross(tables, termsOf(words), { softTerms: [], gerunds: gerundsOf(words) }, period)
  if (!found) return null
  const operand = inUnits(found)
  return {
    value: operand.value,
    parts: [{ operand, text: formatNumber(operand.value) }],
    operands: [operand],
    sources: [found.source],
    unit: found.unit,
    year: found.year,
  }
}

// What a schedule of add-backs is called: its title or headers hold one of these.
const ADJUSTMENTS = ['normalization adjustments', 'normalisation adjustments', 'add-backs', 'addbacks', 'adjustments']

/** The total of a schedule of add-backs: its stated total, or its rows added up. */
function addBacks<S>(tables: Tables<S>): Amount<S> | null {
  for (const name of ADJUSTMENTS) {
    const total = columnTotal(tables, termsOf(name))
    if (!total) continue
    const operands = total.operands.map((operand) => inUnits({ operand, scale: total.scale }))
    const value = operands.reduce((sum, operand) => sum.plus(operand.value), new Decimal(0))
    const terms: Part[] = operands.flatMap((operand, index) => [
      ...(index ? [' + '] : []),
      { operand, text: formatNumber(operand.value) },
    ])
    return {
      value,
      parts: operands.length > 1 ? ['(', ...terms, ')'] : terms,
      operands,
      sources: operands.map(() => total.source),
      unit: total.unit,
      year: total.year,
    }
  }
  return null
}

/** Amounts combined with signs: `first + second − third`. */
function combine<S>(amounts: Array<[1 | -1, Amount<S>]>): Amount<S> {
  const parts: Part[] = amounts.flatMap(([sign, amount], index) => [
    ...(index === 0 ? (sign < 0 ? ['−'] : []) : [sign < 0 ? ' − ' : ' + ']),
    ...amount.parts,
  ])
  return {
    value: amounts.reduce((sum, [sign, amount]) => sum.plus(amount.value.times(sign)), new Decimal(0)),
    parts,
    operands: amounts.flatMap(([, amount]) => amount.operands),
    sources: amounts.flatMap(([, amount]) => amount.sources),
    unit: amounts.map(([, amount]) => amount.unit).find(Boolean) ?? null,
    year: amounts.map(([, amount]) => amount.year).find((year) => year !== null) ?? null,
  }
}

/** Current assets less current liabilities; failing those, receivables plus inventory less payables. */
function workingCapital<S>(tables: Tables<S>, period: Period): Amount<S> | null {
  const stated = row(tables, 'net working capital', period) ?? row(tables, 'working capital', period)
  if (stated) return stated
  const assets = row(tables, 'total current assets', period)
  const liabilities = row(tables, 'total current liabilities', period)
  if (assets && liabilities && assets.year === liabilities.year)
    return combine([
      [1, assets],
      [-1, liabilities],
    ])
  const receivables = row(tables, 'accounts receivable', period)
  const inventory = row(tables, 'inventory', period)
  const payables = row(tables, 'accounts payable', period)
  if (!receivables || !inventory || !payables) return null
  return combine([
    [1, receivables],
    [1, inventory],
    [-1, payables],
  ])
}

/** EBITDA plus the add-backs of the same year (a schedule for another year does not apply). */
function adjustedEbitda<S>(tables: Tables<S>, period: Period): Amount<S> | null {
  const stated = row(tables, 'adjusted EBITDA', period)
  if (stated) return stated
  const ebitda = row(tables, 'EBITDA', period)
  const adjustments = addBacks(tables)
  if (!ebitda || !adjustments) return null
  if (adjustments.year !== null && ebitda.year !== null && adjustments.year !== ebitda.year) return null
  return combine([
    [1, ebitda],
    [1, adjustments],
  ])
}

const MEASURES: Array<{
  pattern: RegExp
  evaluate: <S>(tables: Tables<S>, period: Period) => Amount<S> | null
}> = [
  { pattern: /\b(?:net )?working capital\b/i, evaluate: workingCapital },
  { pattern: /\b(?:adjusted|normali[sz]ed|pro forma|recast) ebitda\b/i, evaluate: adjustedEbitda },
]

// "At a 5.0x multiple of adjusted EBITDA, what would the enterprise value be?"
const MULTIPLE =
  /\b(\d{1,3}(?:\.\d{1,2})?)\s?(?:x|×|times)(?:(?:\s+(?:multiple\s+)?(?:of|on)\s+|\s+)(.{1,80}?))?(?=[,?.]|$)/i
const VALUE = /\b(?:enterprise value|valuation|value|worth|price)\b/i

/** The one year the question names, else the latest the tables hold. */
function periodOf(asked: Question): Period | null {
  const years = asked.periods.flatMap((period) => ('year' in period ? [period.year] : []))
  if (asked.periods.length > 1 || (asked.periods.length === 1 && years.length === 0)) return null
  return years.length ? { year: years[0]! } : { relative: 'latest' }
}

function measureNamed<S>(text: string, tables: Tables<S>, period: Period) {
  const measure = MEASURES.find(({ pattern }) => pattern.test(text))
  if (measure) return measure.evaluate(tables, period)
  return row(tables, text, period)
}

/** The question's measure computed by its formula, or null when it names none or an operand is missing. */
export function answerByFormula<S>(asked: Question, tables: Tables<S>): FormulaAnswer<S> | null {
  const period = periodOf(asked)
  if (!period) return null
  const multiple = MULTIPLE.exec(asked.text)
  let amount: Amount<S> | null
  let parts: Part[]
  if (multiple && multiple[2] && VALUE.test(asked.text)) {
    const base = measureNamed(multiple[2], tables, period)
    if (!base) return null
    const times = new Decimal(multiple[1]!)
    amount = { ...base, value: base.value.times(times) }
    parts = [`${times.toFixed()} × `, ...(base.parts.length > 1 ? ['(', ...base.parts, ')'] : base.parts)]
  } else {
    const measure = MEASURES.find(({ pattern }) => pattern.test(asked.text))
    amount = measure ? measure.evaluate(tables, period) : null
    parts = amount?.parts ?? []
  }
  // A measure the files state as a row of its own is the table reader's lookup, in the table's scale.
  if (!amount || (!multiple && amount.operands.length === 1)) return null
  const display = describe(amount.value, null, amount.unit)
  const all = amount.operands.length > 1 || multiple ? [...parts, ` = ${display}`] : parts
  return {
    computation: {
      value: amount.value,
      display,
      scale: null,
      unit: amount.unit,
      derivation: writeParts(all),
      parts: all,
    },
    operands: amount.operands,
    sources: amount.sources,
  }
}
