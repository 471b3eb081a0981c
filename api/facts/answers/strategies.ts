import Decimal from 'decimal.js'

import {
  average,
  compoundGrowth,
  type Computation,
  difference,
  lookup as lookupOne,
  lookupAll,
  type Operand,
  percentageChange,
  ratio,
  shareOfTotal,
  sum,
  writeParts,
} from '../../ai/tables/compute'
import { isYearLabel } from '../../ai/text/calendar'
import type { StoredFact } from '../organization-facts'
import { ADJUSTED_STRATEGIES } from './adjusted-strategies'
import { COMPOSITE_STRATEGIES } from './composite-strategies'
import { ENTITY_STRATEGIES } from './entity-strategies'
import type { FactQuestion } from './fact-question'
import {
  cellsOf,
  changeYears,
  entitiesNamed,
  entityAsked,
  explained,
  figureFor,
  figuresFor,
  spannedYears,
  yearsHeld,
} from './figures'
import { LEASE_STRATEGIES } from './lease-strategies'
import { MONTH_STRATEGIES } from './month-strategies'
import { OWNER_GOAL_STRATEGIES } from './owner-goal-strategies'
import { RANGE_STRATEGIES } from './range-strategies'
import { QUARTER_PAIR_STRATEGIES, SHORT_PERIOD_STRATEGIES } from './short-period-strategies'
import type { FactReading, FactStrategy } from './strategy'

/*
 * The ways of answering from facts (issue 45, item 3), each named, tried in order: the first that
 * answers gives the answer and its name is saved with the working, so both evaluations count by it.
 * A strategy answers only when the facts say one thing; otherwise the question goes to the readers
 * of passages, which may find what the facts do not hold (a sentence, a definition).
 */

/** The one year a question names; the latest held for "last year"; with none named, the one year held (an add-back's). */
function oneYear(question: FactQuestion, held: number[]): number | undefined {
  if (question.years.length === 1) return question.years[0]
  if (question.years.length > 0 || held.length === 0 || question.lastYears !== null) return undefined
  if (question.latest) return held.at(-1)
  return held.length === 1 ? held[0] : undefined
}

/** A question about one measure of one entity (or the business), with the measure's cells. */
function oneMeasure(question: FactQuestion, facts: StoredFact[]) {
  if (!question.measureKey || question.statesFigure || question.month) return null
  const cells = cellsOf(facts, question.measureKey, question)
  const entity = entityAsked(question, cells)
  if (entity === undefined) return null
  return { cells, entity, held: yearsHeld(cells, entity) }
}

/** A figure of the measure, the entity the question names (or the business's), for the one year it names. */
const lookup: FactStrategy = {
  name: 'lookup',
  answer(question, facts) {
    if (question.operation !== 'lookup' || !question.oneFigure) return null
    const asked = oneMeasure(question, facts)
    if (!asked) return null
    const year = oneYear(question, asked.held)
    const fact = year !== undefined ? figureFor(asked.cells, asked.entity, year) : null
    return fact && { facts: [fact], compute: ([operand], { scale, unit }) => lookupOne(operand!, scale, unit) }
  },
}

/** The figure of each year named: "How much revenue did Cedar Point bring in during 2024 and during 2025?". */
const eachYear: FactStrategy = {
  name: 'each-year',
  answer(question, facts) {
    if (question.operation !== 'lookup' || question.years.length < 2 || question.ranks) return null
    const asked = oneMeasure(question, facts)
    const found = asked && figuresFor(asked.cells, asked.entity, question.years)
    return found && { facts: found, compute: (operands, { scale, unit }) => lookupAll(operands, scale, unit) }
  },
}

/**
 * How much a figure changed between two years, in money or in percent. "How much did it fall?"
 * asks for the size of a fall: a fall is stated as a positive amount then, and a rise asked as a
 * fall keeps its sign, so the answer never says a figure fell when it rose.
 */
const change: FactStrategy = {
  name: 'change',
  answer(question, facts) {
    if (question.operation !== 'difference' && question.operation !== 'percentage-change') return null
    const asked = oneMeasure(question, facts)
    const years = changeYears(question)
    const found = asked && years && figuresFor(asked.cells, asked.entity, years)
    if (!found) return null
    const percent = question.operation === 'percentage-change'
    // The later year first, as the working writes them: "(1,496.5 − 1,202.9) / 1,202.9".
    return {
      facts: [...found].reverse(),
      compute: ([later, earlier], { scale, unit }) => {
        const computed = percent ? percentageChange(later!, earlier!) : difference(later!, earlier!, scale, unit)
        return computed && question.direction === 'down' && computed.value.isNegative() ? asFall(computed) : computed
      },
    }
  },
}

/** A fall stated as its size: "(900 − 1,000) = 100 lower". */
function asFall(computed: Computation): Computation {
  const value = computed.value.abs()
  const display = computed.display.replace(/^-/, '')
  const parts = [...computed.parts.slice(0, -1), ` = −${display}, a fall of ${display}`]
  return { ...computed, value, display, parts, derivation: writeParts(parts) }
}

/** The compound annual growth rate between the first and last years named. */
const cagr: FactStrategy = {
  name: 'cagr',
  answer(question, facts) {
    if (question.operation !== 'cagr') return null
    const asked = oneMeasure(question, facts)
    const years = [...new Set(question.years)].sort((a, b) => a - b)
    if (!asked || years.length < 2) return null
    const [first, last] = [years[0]!, years.at(-1)!]
    const found = figuresFor(asked.cells, asked.entity, [last, first])
    return found && { facts: found, compute: ([end, start]) => compoundGrowth(end!, start!, last - first) }
  },
}

/** The total or the average of a measure over the years a question spans. */
const overYears: FactStrategy = {
  name: 'over-years',
  answer(question, facts) {
    if (question.operation !== 'sum' && question.operation !== 'average') return null
    const asked = oneMeasure(question, facts)
    const years = asked && spannedYears(question, asked.held)
    const found = asked && years && figuresFor(asked.cells, asked.entity, years)
    if (!found) return null
    const adds = question.operation === 'sum'
    return { facts: found, compute: (operands, { scale, unit }) => (adds ? sum : average)(operands, scale, unit) }
  },
}

/**
 * One measure over another in a year: a share ("capex as a share of sales", a margin), a ratio
 * ("total liabilities to equity") or a difference of the two ("current assets minus current
 * liabilities"); or the share of the entities named in the business's figure ("What percentage of
 * revenue did Parkview and Mercy account for together?").
 */
const twoMeasures: FactStrategy = {
  name: 'two-measures',
  answer(question, facts) {
    const { operation } = question
    if (operation !== 'share' && operation !== 'ratio' && operation !== 'minus') return null
    if (question.statesFigure || question.month || question.ranks) return null
    if (question.measureKeys.length === 1 && operation === 'share') return entitiesShare(question, facts)
    const [part, whole] = question.measureKeys
    if (question.measureKeys.length !== 2 || part === whole || !explained(question, [])) return null
    const [partCells, wholeCells] = [cellsOf(facts, part!, question), cellsOf(facts, whole!, question)]
    const year = oneYear(
      question,
      yearsHeld(partCells, null).filter((held) => yearsHeld(wholeCells, null).includes(held)),
    )
    if (year === undefined) return null
    const found = [figureFor(partCells, null, year), figureFor(wholeCells, null, year)]
    if (!found[0] || !found[1]) return null
    return {
      facts: found as StoredFact[],
      compute: ([a, b], { scale, unit }) =>
        operation === 'minus' ? difference(a!, b!, scale, unit) : ratio(a!, b!, operation === 'share'),
    }
  },
}

function entitiesShare(question: FactQuestion, facts: StoredFact[]): FactReading | null {
  const cells = cellsOf(facts, question.measureKey!, question)
  const entities = entitiesNamed(question, cells)
  if (entities.length === 0 || !explained(question, entities)) return null
  const year = oneYear(question, yearsHeld(cells, null))
  if (year === undefined) return null
  const parts = entities.map((entity) => figureFor(cells, entity, year))
  const whole = figureFor(cells, null, year)
  if (!whole || parts.some((part) => !part)) return null
  return {
    facts: [...(parts as StoredFact[]), whole],
    compute: (operands) => shareOfTotal(operands.slice(0, -1), operands.at(-1)!, true),
  }
}

/** The year a measure (or a share of revenue) was highest or lowest, among the years named or all held. */
const peakYear: FactStrategy = {
  name: 'peak-year',
  answer(question, facts) {
    if (question.operation !== 'compare-max' && question.operation !== 'compare-min') return null
    if (question.statesFigure || question.month || question.measureKeys.length === 0) return null
    const [part, whole] = question.measureKeys
    if (question.measureKeys.length > 2 || part === whole || !explained(question, [])) return null
    const partCells = cellsOf(facts, part!, question)
    const wholeCells = whole ? cellsOf(facts, whole, question) : []
    const held = yearsHeld(partCells, null).filter((year) => !whole || yearsHeld(wholeCells, null).includes(year))
    const years = question.years.length >= 2 ? question.years : held
    if (years.length < 2) return null
    const parts = figuresFor(partCells, null, years)
    const wholes = whole ? figuresFor(wholeCells, null, years) : []
    if (!parts || !wholes) return null
    const highest = question.operation === 'compare-max'
    return {
      facts: [...parts, ...wholes],
      compute: (operands) => {
        const values = years.map((_, index) =>
          whole ? quotient(operands[index]!, operands[years.length + index]!) : operands[index]!.value,
        )
        if (values.some((value) => value === null)) return null
        const best = values.reduce(
          (top, value, index) =>
            (highest ? value!.greaterThan(values[top]!) : value!.lessThan(values[top]!)) ? index : top,
          0,
        )
        // A tie has no one year.
        if (values.filter((value) => value!.equals(values[best]!)).length > 1) return null
        const named = parts.map(({ period }) => ({ year: period!.year, label: yearLabel(period!.label, period!.year) }))
        return peak(operands, named, best, whole !== undefined, highest)
      },
    }
  },
}

const quotient = (part: Operand, whole: Operand) => (whole.value.isZero() ? null : part.value.dividedBy(whole.value))

/** A fiscal year as the documents name it ("FY2024", "Fiscal 2024"), else by its number: a date names a day. */
const yearLabel = (label: string, year: number) => (isYearLabel(label) ? label.trim() : String(year))

/** "FY2024: 1,184 / 8,967 = 13.20%; …; highest in FY2024", the year as the answer. */
function peak(
  operands: Operand[],
  years: Array<{ year: number; label: string }>,
  best: number,
  share: boolean,
  highest: boolean,
): Computation {
  const parts = years.flatMap(({ label }, index) => {
    const lead = `${index === 0 ? '' : '; '}${label}: `
    if (!share) return [lead, { operand: operands[index]!, text: operands[index]!.cell.text }]
    const [part, whole] = [operands[index]!, operands[years.length + index]!]
    const percent = part.value.dividedBy(whole.value).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
    return [
      lead,
      { operand: part, text: part.cell.text },
      ' / ',
      { operand: whole, text: whole.cell.text },
      ` = ${percent.toFixed(2)}%`,
    ]
  })
  parts.push(`; ${highest ? 'highest' : 'lowest'} in ${years[best]!.label}`)
  return {
    value: new Decimal(years[best]!.year),
    display: years[best]!.label,
    scale: null,
    unit: null,
    derivation: writeParts(parts),
    parts,
  }
}

/** Every way of answering from facts, in the order they are tried. */
export const FACT_STRATEGIES: readonly FactStrategy[] = [
  lookup,
  eachYear,
  ...ENTITY_STRATEGIES,
  change,
  cagr,
  overYears,
  twoMeasures,
  ...COMPOSITE_STRATEGIES,
  peakYear,
  ...MONTH_STRATEGIES,
  ...SHORT_PERIOD_STRATEGIES,
  ...RANGE_STRATEGIES,
  ...ADJUSTED_STRATEGIES,
  ...LEASE_STRATEGIES,
  ...OWNER_GOAL_STRATEGIES,
]

/** The first strategy that answers, with what it read. */
export function answerWithFacts(question: FactQuestion, facts: StoredFact[]) {
  // Read as one quarter or as a year, a question naming two quarters would be given another
  // comparison's figure: only the strategies comparing quarters answer it.
  for (const strategy of question.quarters.length > 1 ? QUARTER_PAIR_STRATEGIES : FACT_STRATEGIES) {
    const read = strategy.answer(question, facts)
    if (read) return { strategy: strategy.name, ...read }
  }
  return null
}
