import {
  type Computation,
  describe,
  describeCell,
  difference,
  percentageChange,
  total,
  writeParts,
} from '../../ai/tables/compute'
import { MONTH, monthIndex, YEAR } from '../../ai/text/calendar'
import { normalizeLabel } from '../../ai/text/measures'
import type { StoredFact } from '../organization-facts'
import type { FactQuestion } from './fact-question'
import {
  cellsWhere,
  entitiesNamed,
  entityAsked,
  explainedBeside,
  figureFor,
  periodCells,
  statedOnce,
  yearsHeld,
} from './figures'
import { calendarYear, isLine, type MonthFigure, monthParts } from './month-strategies'
import type { FactStrategy } from './strategy'

/*
 * Periods shorter than a year (issue 45, item 3). A quarter of a fiscal year whose documents state
 * only its product lines' figures is their sum. Months named by their calendar name and year: "How much did Maintenance
 * plans bring in during March 2025?", "What was total revenue from January 2023 through March
 * 2023?". A month is found by its calendar year, which its label writes ("2023-10-31", "Oct
 * 2023"), whatever fiscal year it falls in. The business's month is its stated figure, else the
 * sum of one document's product lines; a line's month is its own.
 */

const MONTH_YEAR = new RegExp(`\\b(${MONTH}) (${YEAR})\\b`, 'g')
// "from January 2023 through March 2023", "January to March 2023" is read with both years written.
const SPANS = /\b(?:through|thru|to|until|and)\b/

export interface CalendarMonth {
  year: number
  month: number
}

/** The calendar months a question names, in its words' order. */
export function monthsNamed(words: string): CalendarMonth[] {
  return [...words.matchAll(MONTH_YEAR)].map((match) => ({
    month: monthIndex(match[1]!) + 1,
    year: Number(match[2]),
  }))
}

/** A month's figure of the entity asked (null: the business), or null when not stated once. */
function monthFigure(
  facts: StoredFact[],
  measureKey: string,
  entity: string | null,
  { year, month }: CalendarMonth,
): MonthFigure | null {
  const ofMonth = cellsWhere(facts, measureKey, (period) => period.kind === 'month' && period.month === month).filter(
    (fact) => calendarYear(fact) === year,
  )
  const one = (found: StoredFact[]) => {
    const fact = statedOnce(found)
    return fact && { month, facts: [fact] }
  }
  if (entity !== null)
    return one(ofMonth.filter((fact) => fact.entity && normalizeLabel(fact.entity) === normalizeLabel(entity)))
  const whole = one(ofMonth.filter((fact) => fact.entity === null))
  if (whole) return whole
  const lines = ofMonth.filter(isLine)
  return lines.length && new Set(lines.map((fact) => fact.documentId)).size === 1 ? { month, facts: lines } : null
}

/** Every calendar month from the first to the last, both included. */
function monthsBetween(first: CalendarMonth, last: CalendarMonth): CalendarMonth[] | null {
  const start = first.year * 12 + first.month - 1
  const end = last.year * 12 + last.month - 1
  if (end <= start || end - start >= 36) return null
  return Array.from({ length: end - start + 1 }, (_, index) => ({
    year: Math.floor((start + index) / 12),
    month: ((start + index) % 12) + 1,
  }))
}

/** The months a question asks for, of the one entity it names or the business. */
function monthsAsked(question: FactQuestion, facts: StoredFact[]) {
  if (!question.measureKey || question.statesFigure) return null
  const named = monthsNamed(question.words)
  const spans = named.length === 2 && SPANS.test(question.words)
  const months = named.length === 1 ? named : spans ? monthsBetween(named[0]!, named[1]!) : null
  if (!months) return null
  const cells = facts.filter((fact) => fact.measureKey === question.measureKey && fact.period?.kind === 'month')
  const entities = entitiesNamed(question, cells)
  if (entities.length > 1 || !explainedBeside(question, entities)) return null
  const figures = months.map((month) => monthFigure(facts, question.measureKey!, entities[0] ?? null, month))
  return figures.every(Boolean) ? (figures as MonthFigure[]) : null
}

/** "How much did Design and build bring in during November 2023?": one month's figure. */
const monthLookup: FactStrategy = {
  name: 'month-lookup',
  answer(question, facts) {
    if (question.operation !== 'lookup') return null
    const months = monthsAsked(question, facts)
    if (!months || months.length !== 1) return null
    const [{ facts: found }] = months as [MonthFigure]
    return {
      facts: found,
      compute: (operands, { scale, unit }): Computation => {
        if (operands.length === 1) {
          const operand = operands[0]!
          const parts = [{ operand, text: operand.cell.text }]
          return {
            value: operand.value,
            display: describeCell(operand, scale, unit),
            scale,
            unit,
            derivation: writeParts(parts),
            parts,
          }
        }
        const value = total(operands)
        const display = describe(value, scale, unit)
        const parts = [...monthParts(months[0]!.month, operands, 0), ` = ${display}`]
        return { value, display, scale, unit, derivation: writeParts(parts), parts }
      },
    }
  },
}

/** "What was total revenue from January 2023 through March 2023?": the months of the span added. */
const monthRange: FactStrategy = {
  name: 'month-range',
  answer(question, facts) {
    if (question.operation !== 'sum' && question.operation !== 'lookup') return null
    const months = monthsAsked(question, facts)
    if (!months || months.length < 2) return null
    return {
      facts: months.flatMap((figure) => figure.facts),
      compute: (operands, { scale, unit }): Computation => {
        let next = 0
        const parts = months.flatMap(({ month, facts: own }, index) => {
          const mine = operands.slice(next, next + own.length)
          next += own.length
          return monthParts(month, mine, index)
        })
        const value = total(operands)
        const display = describe(value, scale, unit)
        const all = [...parts, `; total ${display}`]
        return { value, display, scale, unit, derivation: writeParts(all), parts: all }
      },
    }
  },
}

/** "What was revenue in the second quarter of FY2024?" where only the product lines are stated by quarter: their sum. */
const quarterLines: FactStrategy = {
  name: 'quarter-lines',
  answer(question, facts) {
    const { measureKey, quarter, years } = question
    if (question.operation !== 'lookup' || !measureKey || quarter === null || years.length !== 1) return null
    if (question.statesFigure || entitiesNamed(question, facts).length > 0 || !explainedBeside(question, []))
      return null
    const ofQuarter = cellsWhere(
      facts,
      measureKey,
      (period) => period.kind === 'quarter' && period.quarter === quarter && period.year === years[0],
    )
    // The business's own figure for the quarter is a lookup's.
    if (ofQuarter.some((fact) => fact.entity === null)) return null
    const lines = ofQuarter.filter(isLine)
    if (lines.length < 2 || new Set(lines.map((fact) => fact.documentId)).size !== 1) return null
    return {
      facts: lines,
      compute: (operands, { scale, unit }): Computation => {
        const value = total(operands)
        const display = describe(value, scale, unit)
        const parts = [
          ...operands.flatMap((operand, index) => [
            `${index === 0 ? '' : ' + '}${lines[index]!.entity}: `,
            { operand, text: operand.cell.text },
          ]),
          ` = ${display}`,
        ]
        return { value, display, scale, unit, derivation: writeParts(parts), parts }
      },
    }
  },
}

/**
 * "What was the change in net sales between the third and fourth quarter of 2019?": the later
 * quarter less the earlier, of the fiscal year named, or of the one year both are held for.
 */
const quarterChange: FactStrategy = {
  name: 'quarter-change',
  answer(question, facts) {
    const { measureKey, quarters, years } = question
    const percent = question.operation === 'percentage-change'
    if ((question.operation !== 'difference' && !percent) || !measureKey || question.statesFigure) return null
    if (quarters.length !== 2 || years.length > 1) return null
    const [earlier, later] = [...quarters].sort((a, b) => a - b) as [number, number]
    const cells = [later, earlier].map((quarter) => periodCells(facts, measureKey, quarter))
    const entity = entityAsked(question, cells.flat())
    if (entity === undefined) return null
    const both = yearsHeld(cells[0]!, entity).filter((year) => yearsHeld(cells[1]!, entity).includes(year))
    const year = years[0] ?? (both.length === 1 ? both[0]! : null)
    const found = year === null ? [] : cells.map((each) => figureFor(each, entity, year))
    if (found.length !== 2 || !found.every(Boolean)) return null
    return {
      facts: found as StoredFact[],
      compute: ([last, first], { scale, unit }) =>
        percent ? percentageChange(last!, first!) : difference(last!, first!, scale, unit),
    }
  },
}

export const SHORT_PERIOD_STRATEGIES: readonly FactStrategy[] = [quarterLines, monthLookup, monthRange]

/** What answers a question naming two quarters: no other strategy compares a quarter with another. */
export const QUARTER_PAIR_STRATEGIES: readonly FactStrategy[] = [quarterChange]
