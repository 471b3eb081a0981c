import Decimal from 'decimal.js'

import { monthName } from '../../../shared/calendar'
import { type Computation, describe, type Operand, ratio, total, writeParts } from '../../ai/tables/compute'
import { SCALES } from '../../ai/tables/rows'
import { yearsIn } from '../../ai/text/calendar'
import { normalizeLabel } from '../../ai/text/measures'
import type { StoredFact } from '../organization-facts'
import type { FactQuestion } from './fact-question'
import { cellsWhere, entitiesNamed, explainedBeside, figureFor } from './figures'
import type { FactStrategy } from './strategy'
import { thresholdOf } from './threshold'

/*
 * Strategies over a fiscal year's months (issue 45, item 3): the average month, the strongest or
 * slowest one, and how many passed a threshold. A month's figure for the business is the one its
 * documents state, or the sum of its product lines from one document (a sales export lists them
 * by month, with no total).
 */

const MONTHS_IN_YEAR = 12
// "the slowest month", "were sales strongest": a month ranked by its figure.
const STRONGEST = /\b(?:strongest|best|busiest|highest|largest|biggest|most)\b/i
const SLOWEST = /\b(?:slowest|weakest|worst|quietest|lowest|smallest|least)\b/i

/** A month's figure: the facts that add up to it (one, or each product line's), in calendar order. */
export interface MonthFigure {
  month: number
  facts: StoredFact[]
}

/** The fiscal year's months of a measure for the business, every month stated once; null when not all twelve are. */
function monthsOf(facts: StoredFact[], measureKey: string, year: number): MonthFigure[] | null {
  const monthly = cellsWhere(facts, measureKey, (period) => period.kind === 'month' && period.year === year)
  const whole = monthly.filter((fact) => fact.entity === null)
  const months = [...new Set(monthly.map((fact) => fact.period!.month!))]
  if (months.length !== MONTHS_IN_YEAR) return null
  if (whole.length) {
    const figures = months.map((month) => ({
      month,
      fact: figureFor(
        whole.filter((fact) => fact.period!.month === month),
        null,
        year,
      ),
    }))
    if (figures.every(({ fact }) => fact)) return order(figures.map(({ month, fact }) => ({ month, facts: [fact!] })))
    return null
  }
  // Product lines by month, from one document: each month the sum of its lines.
  const lines = monthly.filter(isLine)
  if (new Set(lines.map((fact) => fact.documentId)).size !== 1) return null
  const entities = [...new Set(lines.map((fact) => normalizeLabel(fact.entity!)))]
  const figures = months.map((month) => ({
    month,
    facts: entities.map((entity) =>
      lines.find((fact) => fact.period!.month === month && normalizeLabel(fact.entity!) === entity),
    ),
  }))
  return figures.every(({ facts: found }) => found.every(Boolean)) ? order(figures as MonthFigure[]) : null
}

/**
 * A product line's (or a ledger account's) figure for a month: one of the parts a business's month
 * adds up to. A customer's or an add-back's is no part of it.
 */
export const isLine = (fact: StoredFact) =>
  fact.entity !== null && (fact.entityKind === 'segment' || fact.entityKind === null)

/** Months in the order of the fiscal year: the facts' own order, first month first. */
const order = (figures: MonthFigure[]) => [...figures].sort((a, b) => fiscalPosition(a) - fiscalPosition(b))
// A fiscal year's month labels carry their calendar year ("2023-10", "Jul 2024", "Oct-23"): earlier ones come first.
const fiscalPosition = ({ facts, month }: MonthFigure) =>
  (calendarYear(facts[0]!) ?? facts[0]!.period!.year) * MONTHS_IN_YEAR + month

/** The calendar year of a month's fact: the year its label writes ("2023-10-31", "Oct 2023", "Oct-23"). */
export function calendarYear(fact: StoredFact): number | null {
  const label = fact.period!.label
  const [full] = yearsIn(label)
  if (full) return full
  const short = /[a-z][-' ](\d\d)$/i.exec(label.trim())
  return short ? 2000 + Number(short[1]) : null
}

/** The fiscal year a question about months names, of a measure of the business. */
function monthQuestion(question: FactQuestion, facts: StoredFact[]) {
  if (!/\bmonths?\b|\bmonthly\b/i.test(question.words) || !question.measureKey || question.years.length !== 1)
    return null
  if (question.statesFigure && !question.threshold) return null
  if (entitiesNamed(question, facts).length > 0 || !explainedBeside(question, [])) return null
  const months = monthsOf(facts, question.measureKey, question.years[0]!)
  return months && { months, facts: months.flatMap((figure) => figure.facts) }
}

/** The operands of each month, in the flat list a computation is given. */
function byMonth(months: MonthFigure[], operands: Operand[]) {
  let next = 0
  return months.map(({ month, facts }) => {
    const own = operands.slice(next, next + facts.length)
    next += facts.length
    return { month, operands: own, total: total(own) }
  })
}

/** "July: 216 + 242 = 458": a month's figure as the working writes it. */
export const monthParts = (month: number, operands: Operand[], index: number) => [
  `${index === 0 ? '' : '; '}${monthName(month)}: `,
  ...operandParts(operands),
]

/** "216 + 242": operands added, each as its cell writes it. */
export const operandParts = (operands: Operand[]) =>
  operands.flatMap((operand, at) => [at === 0 ? '' : ' + ', { operand, text: operand.cell.text }])

/** "What was average monthly revenue in fiscal 2024?": the twelve months added and divided. */
const monthAverage: FactStrategy = {
  name: 'month-average',
  answer(question, facts) {
    if (question.operation !== 'average') return null
    const asked = monthQuestion(question, facts)
    return (
      asked && {
        facts: asked.facts,
        compute: (operands, { scale, unit }) => {
          // In whole units: a twelfth of figures in millions is no figure in millions to two decimals.
          const value = total(operands)
            .times(scale ? SCALES[scale] : 1)
            .dividedBy(MONTHS_IN_YEAR)
            .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
          const display = describe(value, null, unit)
          const parts = ['(', ...operandParts(operands), `) / ${MONTHS_IN_YEAR} = ${display}`]
          return { value, display, scale: null, unit, derivation: writeParts(parts), parts }
        },
      }
    )
  },
}

/** "Which was the slowest month of FY2024 by revenue?": the month ranked first, by name; none on a tie. */
const monthPeak: FactStrategy = {
  name: 'month-peak',
  answer(question, facts) {
    const strongest = STRONGEST.test(question.words)
    if (strongest === SLOWEST.test(question.words) || !/\bwhich\b|\bwhat month\b/.test(question.words)) return null
    const asked = monthQuestion(question, facts)
    return (
      asked && {
        facts: asked.facts,
        compute: (operands) => {
          const months = byMonth(asked.months, operands)
          const best = months.reduce((top, month) =>
            (strongest ? month.total.greaterThan(top.total) : month.total.lessThan(top.total)) ? month : top,
          )
          if (months.filter((month) => month.total.equals(best.total)).length > 1) return null
          const name = monthName(best.month)
          const parts = [
            ...months.flatMap(({ month, operands: own }, index) => monthParts(month, own, index)),
            `; ${strongest ? 'highest' : 'lowest'} in ${name}`,
          ]
          return {
            value: new Decimal(best.month),
            display: name,
            scale: null,
            unit: null,
            derivation: writeParts(parts),
            parts,
          } satisfies Computation
        },
      }
    )
  },
}

/** "In how many months of FY2025 did revenue exceed $1.3 million?": the months past the threshold, counted. */
const monthCount: FactStrategy = {
  name: 'month-count',
  answer(question, facts) {
    const threshold = question.threshold
    if ((question.operation !== 'count' && !/\bhow many months\b/.test(question.words)) || !threshold) return null
    const asked = monthQuestion(question, facts)
    const { passes, counted } = thresholdOf(threshold)
    return (
      asked && {
        facts: asked.facts,
        compute: (operands, { scale }) => {
          const months = byMonth(asked.months, operands)
          const past = months.filter(({ total }) => passes(total, scale))
          const names = past.map(({ month }) => monthName(month)).join(', ')
          return counted(
            months.flatMap(({ month, operands: own }, index) => monthParts(month, own, index)),
            past.length,
            months.length,
            names ? `: ${names}` : '',
          )
        },
      }
    )
  },
}

const MONTHS_IN_QUARTER = 3

/**
 * "What was revenue in the fourth quarter of FY2024?" where the documents give the fiscal year by
 * month: the quarter's three months added, in the fiscal year's order.
 */
const quarterMonths: FactStrategy = {
  name: 'quarter-months',
  answer(question, facts) {
    const { measureKey, quarter, years } = question
    if (question.operation !== 'lookup' && question.operation !== 'sum') return null
    if (!measureKey || quarter === null || years.length !== 1 || question.statesFigure) return null
    if (entitiesNamed(question, facts).length > 0 || !explainedBeside(question, [])) return null
    // The quarter's own figure, stated, is a lookup's.
    if (cellsWhere(facts, measureKey, (period) => period.kind === 'quarter' && period.year === years[0]).length)
      return null
    const months =
      monthsOf(facts, measureKey, years[0]!)?.slice((quarter - 1) * MONTHS_IN_QUARTER, quarter * MONTHS_IN_QUARTER) ??
      null
    return (
      months && {
        facts: months.flatMap((figure) => figure.facts),
        compute: (operands, { scale, unit }): Computation => {
          const value = total(operands)
          const display = describe(value, scale, unit)
          const parts = [
            ...byMonth(months, operands).flatMap(({ month, operands: own }, index) => monthParts(month, own, index)),
            `; Q${quarter} ${display}`,
          ]
          return { value, display, scale, unit, derivation: writeParts(parts), parts }
        },
      }
    )
  },
}

/**
 * "What percentage of the year's monthly revenue in FY2025 did Aerospace parts account for?": its
 * months over all. So too "What share of revenue in FY2025 came from Implants?" where the documents
 * give the product line's year only by its months (a sales export).
 */
const monthShare: FactStrategy = {
  name: 'month-share',
  answer(question, facts) {
    const { measureKey, years } = question
    if (question.operation !== 'share' || !measureKey || years.length !== 1 || question.statesFigure) return null
    const monthly = cellsWhere(facts, measureKey, (period) => period.kind === 'month' && period.year === years[0])
    const named = entitiesNamed(question, monthly)
    if (named.length !== 1 || !explainedBeside(question, named)) return null
    // The year's own figure of the line, where a document states it, is the two measures' to divide.
    const asksMonths = /\bmonths?\b|\bmonthly\b/.test(question.words)
    const line = normalizeLabel(named[0]!)
    const yearly = cellsWhere(facts, measureKey, (period) => period.kind !== 'month' && period.year === years[0])
    if (!asksMonths && yearly.some((fact) => fact.entity !== null && normalizeLabel(fact.entity) === line)) return null
    const whole = monthsOf(facts, measureKey, years[0]!)
    const own = whole?.map(({ month }) =>
      figureFor(
        monthly.filter((fact) => fact.period!.month === month),
        named[0]!,
        years[0]!,
      ),
    )
    if (!whole || !own || own.some((fact) => !fact) || !own.every((fact) => normalizeLabel(fact!.entity!) === line))
      return null
    const parts = own as StoredFact[]
    const all = whole.flatMap((figure) => figure.facts)
    return {
      facts: [...parts, ...all],
      compute: (operands) => {
        const [mine, every] = [operands.slice(0, parts.length), operands.slice(parts.length)]
        const quotient = ratio(
          { value: total(mine), cell: mine[0]!.cell },
          { value: total(every), cell: every[0]!.cell },
          true,
        )
        if (!quotient) return null
        const working = ['(', ...operandParts(mine), ') / (', ...operandParts(every), `) = ${quotient.display}`]
        return { ...quotient, derivation: writeParts(working), parts: working }
      },
    }
  },
}

export const MONTH_STRATEGIES: readonly FactStrategy[] = [
  monthAverage,
  monthPeak,
  monthCount,
  quarterMonths,
  monthShare,
]
