import { analyze } from '../../ai/retrieval/analyzer'
import { normalizeLabel } from '../../ai/text/measures'
import { agreeing } from '../agreeing'
import type { StoredFact } from '../organization-facts'
import type { FactPeriod } from '../types'
import type { FactQuestion } from './fact-question'

/*
 * How the strategies find a figure among the facts: of one measure, of the entity the question
 * names or of the business, for one year (or quarter). A figure two documents state differently is
 * none: the fact layer does not choose between them.
 */

/** A measure's figures (cells, no percentages) of the periods a strategy reads. */
export const cellsWhere = (facts: StoredFact[], measureKey: string, ofPeriod: (period: FactPeriod) => boolean) =>
  facts.filter(
    (fact) =>
      fact.kind === 'cell' &&
      fact.measureKey === measureKey &&
      fact.unit !== '%' &&
      !!fact.period &&
      ofPeriod(fact.period),
  )

/** The facts a year's (or a quarter's) figure of a measure may be. */
export const periodCells = (facts: StoredFact[], measureKey: string, quarter: number | null) =>
  cellsWhere(facts, measureKey, (period) =>
    quarter === null
      ? period.kind === 'year' || period.kind === 'as_of'
      : period.kind === 'quarter' && period.quarter === quarter,
  )

/** The facts a year's (or the asked quarter's) figure of a measure may be. */
export const cellsOf = (facts: StoredFact[], measureKey: string, question: FactQuestion) =>
  periodCells(facts, measureKey, question.quarter)

/** The one figure the facts state, or null when they state none or disagree. */
export function statedOnce(found: StoredFact[]): StoredFact | null {
  if (found.length === 0) return null
  const agreed = agreeing(found)
  return 'fact' in agreed ? agreed.fact : null
}

const TOTAL_ROW = /^(?:grand )?totals?$/

/** The entities the question names among the facts': each name it holds whole, a name inside a longer one named left out. */
export function entitiesNamed(question: FactQuestion, facts: StoredFact[]): string[] {
  const named = new Map<string, string>()
  for (const fact of facts) {
    const words = fact.entity ? normalizeLabel(fact.entity) : ''
    // A customer list's "Total" row is no customer "total revenue" names.
    if (words && !TOTAL_ROW.test(words) && question.words.includes(` ${words} `) && !named.has(words))
      named.set(words, fact.entity!)
  }
  return [...named]
    .filter(([words]) => ![...named.keys()].some((other) => other !== words && ` ${other} `.includes(` ${words} `)))
    .map(([, entity]) => entity)
}

/**
 * The one entity a question asks about: null for the business as a whole, undefined when it names
 * two, or a name the facts do not hold as an entity (a customer they lack: the business's figure
 * is not its answer), or words no entity explains ("net sales arising from electronic components").
 */
export function entityAsked(question: FactQuestion, facts: StoredFact[]): string | null | undefined {
  const entities = entitiesNamed(question, facts)
  if (entities.length > 1) return undefined
  const entity = entities[0] ?? null
  return explained(question, entities) ? entity : undefined
}

/** Whether the entities named, and the business as the question's subject, explain every word beside the measure. */
export function explained(question: FactQuestion, entities: string[]) {
  const subject = question.subject ? analyze(question.subject) : []
  const named = new Set([...entities.flatMap((entity) => analyze(entity)), ...subject])
  const entityWords = new Set(entities.flatMap((entity) => normalizeLabel(entity).split(' ')))
  const subjectWords = new Set(question.subject ? normalizeLabel(question.subject).split(' ') : [])
  const unexplainedName = question.names.some((name) => {
    const words = normalizeLabel(name).split(' ')
    return !words.every((word) => entityWords.has(word) || subjectWords.has(word))
  })
  return !unexplainedName && question.otherTerms.every((term) => named.has(term))
}

// Words that name a list or rank its entities or months, which a strategy over them reads for itself.
const LIST_WORDS = new Set(
  analyze(
    'customer customers client clients product products line lines segment segments service services division ' +
      'divisions top listed list largest biggest most least smallest highest lowest grew grow growth increase ' +
      'increased decline declined fell dollars whose add backs adjustments month months monthly slowest strongest ' +
      'weakest busiest quietest best worst exceed exceeded bought buy brought per',
  ),
)

/** Whether the entities named explain every word beside the measure but those naming or ranking a list. */
export const explainedBeside = (question: FactQuestion, entities: string[]) =>
  explained({ ...question, otherTerms: question.otherTerms.filter((term) => !LIST_WORDS.has(term)) }, entities)

const sameEntity = (a: string | null, b: string | null) =>
  (a === null && b === null) || (a !== null && b !== null && normalizeLabel(a) === normalizeLabel(b))

/** The years a measure's figures of an entity are held for, ascending. */
export const yearsHeld = (cells: StoredFact[], entity: string | null) =>
  [...new Set(cells.filter((fact) => sameEntity(fact.entity, entity)).map((fact) => fact.period!.year))].sort(
    (a, b) => a - b,
  )

/** The figure of an entity (or the business) for a year, when the documents state one. */
export function figureFor(cells: StoredFact[], entity: string | null, year: number): StoredFact | null {
  return statedOnce(cells.filter((fact) => sameEntity(fact.entity, entity) && fact.period!.year === year))
}

/** The figures for each year, or null when one is missing or disputed. */
export function figuresFor(cells: StoredFact[], entity: string | null, years: number[]): StoredFact[] | null {
  const found = years.map((year) => figureFor(cells, entity, year))
  return found.every(Boolean) ? (found as StoredFact[]) : null
}

/** The two years a change runs between: those named, or the year named and the one before it. */
export function changeYears(question: FactQuestion): [number, number] | null {
  const years = [...new Set(question.years)].sort((a, b) => a - b)
  if (years.length === 2) return [years[0]!, years[1]!]
  if (years.length === 1 && question.lastYears === null) return [years[0]! - 1, years[0]!]
  return null
}

/** The years a total or an average spans: those named (a range's every year), or the latest so many held. */
export function spannedYears(question: FactQuestion, held: number[]): number[] | null {
  if (question.lastYears !== null)
    return question.years.length === 0 && held.length >= question.lastYears ? held.slice(-question.lastYears) : null
  const years = [...new Set(question.years)].sort((a, b) => a - b)
  return years.length >= 2 ? years : null
}
