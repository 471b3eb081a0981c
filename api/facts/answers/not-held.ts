import { monthName } from '../../../shared/calendar'
import { MONTH_YEAR, YEAR } from '../../ai/text/calendar'
import { normalizeLabel } from '../../ai/text/measures'
import type { StoredFact } from '../organization-facts'
import type { FactQuestion } from './fact-question'
import { cellsOf, entitiesNamed, entityAsked, explainedBeside, figureFor, yearsHeld } from './figures'
import { calendarYear } from './month-strategies'
import { type CalendarMonth, monthsNamed } from './short-period-strategies'

/** What the documents hold of a measure that the question asks for a period they lack. */
export interface NotHeld {
  /** The figure of the latest year held, cited for what the documents do give. */
  fact: StoredFact
  /** "The documents give Net sales for FY2022–FY2025, not FY2020" without its citation. */
  statement: string
}

// The longest year label written as the documents write it: "Fiscal 2024"; past it, a date's words.
const MAX_LABEL = 11
// A month as a question names it, with its year: "January 2025", "Jan. 2025".
const MONTH = new RegExp(MONTH_YEAR, 'i')

/**
 * A question for one figure of a measure the documents give year by year, for a year, quarter or
 * month they do not give (issue 45, item 3): "The documents give revenue for FY2022–FY2025, not
 * January 2025." Said only when the facts hold the measure for the business (or the entity asked)
 * over two years or more, finer periods of it not at all, and no retrieved passage names the
 * period and the measure: a table the fact layer could not read may still hold it.
 */
export function notHeld(
  question: FactQuestion,
  facts: StoredFact[],
  passages: Array<{ text: string }>,
): NotHeld | null {
  if (question.operation !== 'lookup' || !question.measureKey || question.statesFigure) return null
  if (question.month) {
    const monthly = monthNotHeld(question, facts, passages)
    if (monthly !== undefined) return monthly
  }
  const yearly = cellsOf(facts, question.measureKey, { ...question, quarter: null })
  const entity = entityAsked(question, yearly)
  if (entity === undefined) return null
  const held = yearsHeld(yearly, entity)
  if (held.length < 2) return null
  const fiscal = yearly.some((each) => /^\s*(?:FY|fiscal)/i.test(each.period!.label))
  const asked = askedPeriod(question, facts, held, fiscal ? 'FY' : '')
  if (!asked) return null
  // A passage naming the period and the measure may hold it in a table the fact layer could not read;
  // one naming the period only (a lease's start) does not.
  const labels = [...new Set(yearly.map((each) => ` ${normalizeLabel(each.measure)} `))]
  const holds = (text: string) =>
    asked.named.test(text) && labels.some((label) => ` ${normalizeLabel(text)} `.includes(label))
  if (passages.some((passage) => holds(passage.text))) return null
  const fact = figureFor(yearly, entity, held.at(-1)!)
  if (!fact) return null
  // A year as the documents name it when that is short ("FY24", "2024"); "FY2024" for a date's words.
  const labelOf = (year: number) => {
    const label = yearly.find((each) => each.period!.year === year)!.period!.label.trim()
    return label.length <= MAX_LABEL ? label : `FY${year}`
  }
  const [first, last] = [labelOf(held[0]!), labelOf(held.at(-1)!)]
  const given = held.length === 2 ? `${first} and ${last}` : `${first}–${last}`
  // "Revenue" as a row writes it reads "revenue" in a sentence; "EBITDA" stays.
  const written = fact.measure.trim().replace(/^\p{Lu}(?=\p{Ll})/u, (letter) => letter.toLowerCase())
  const measure = entity ? `${written} of ${entity}` : written
  return { fact, statement: `The documents give ${measure} for ${given}, not ${asked.name}` }
}

/**
 * A month the documents do not give, where they give the measure month by month: "The documents
 * give revenue by month for 2024-07–2025-06, not August 2023", citing the latest month. Null when
 * they give the month (a strategy reads it) or a passage may; undefined when they give no month.
 */
function monthNotHeld(
  question: FactQuestion,
  facts: StoredFact[],
  passages: Array<{ text: string }>,
): NotHeld | null | undefined {
  const all = facts.filter((fact) => fact.measureKey === question.measureKey && fact.period?.kind === 'month')
  if (all.length === 0) return undefined
  const named = monthsNamed(question.words)
  const entities = entitiesNamed(question, all)
  if (named.length !== 1 || entities.length > 1 || !explainedBeside(question, entities)) return null
  const line = entities[0] && normalizeLabel(entities[0])
  const monthly = line ? all.filter((fact) => fact.entity && normalizeLabel(fact.entity) === line) : all
  const position = (fact: StoredFact) => (calendarYear(fact) ?? fact.period!.year) * 12 + fact.period!.month! - 1
  const [asked] = named as [CalendarMonth]
  if (monthly.length === 0 || monthly.some((fact) => position(fact) === asked.year * 12 + asked.month - 1)) return null
  const name = `${monthName(asked.month)} ${asked.year}`
  const measures = [...new Set(monthly.map((fact) => ` ${normalizeLabel(fact.measure)} `))]
  const namesMonth = new RegExp(`\\b${monthName(asked.month)}\\.?\\s+${asked.year}\\b`, 'i')
  if (
    passages.some(({ text }) => namesMonth.test(text) && measures.some((m) => ` ${normalizeLabel(text)} `.includes(m)))
  )
    return null
  const sorted = [...monthly].sort((a, b) => position(a) - position(b))
  const [first, last] = [sorted[0]!, sorted.at(-1)!]
  const written = last.measure.trim().replace(/^\p{Lu}(?=\p{Ll})/u, (letter) => letter.toLowerCase())
  const measure = entities[0] ? `${written} of ${entities[0]}` : written
  return {
    fact: last,
    statement: `The documents give ${measure} by month for ${first.period!.label.trim()}–${last.period!.label.trim()}, not ${name}`,
  }
}

/** The period asked that the facts lack, with how a passage would name it; null when they hold it, or hold finer periods to read. */
function askedPeriod(question: FactQuestion, facts: StoredFact[], held: number[], prefix: string) {
  const finer = (kind: 'quarter' | 'month') =>
    facts.some((fact) => fact.measureKey === question.measureKey && fact.period?.kind === kind)
  const month = MONTH.exec(question.words.replace(new RegExp(String.raw` (?=${YEAR}\b)`, 'g'), ' '))
  if (question.month) {
    if (!month || finer('month')) return null
    return { name: capitalised(month[0]), named: new RegExp(month[0].replace(/\s+/g, '\\s+'), 'i') }
  }
  if (question.years.length !== 1) return null
  const [year] = question.years as [number]
  if (question.quarter !== null) {
    // A quarter is three months: a year held by month holds its quarters.
    if (finer('quarter') || finer('month')) return null
    return {
      name: `Q${question.quarter} of ${prefix || 'fiscal '}${year}`,
      named: new RegExp(`\\bQ${question.quarter}\\b.{0,40}${year}`, 'i'),
    }
  }
  if (held.includes(year)) return null
  // The year as a word of its own, not digits of a figure ("2019000", "$2,019").
  return { name: `${prefix}${year}`, named: new RegExp(`(?<![\\d.,])${year}(?!\\d)`) }
}

const capitalised = (text: string) => text.replace(/\b\p{L}/gu, (letter) => letter.toUpperCase())
