import { agreeing } from '../../facts/agreeing'
import { normalizeLabel } from '../../facts/measures'
import type { StoredFact } from '../../facts/organization-facts'
import { analyze } from '../retrieval/analyzer'
import type { FactQuestion } from './fact-question'

/*
 * The ways of answering from facts (issue 45, item 3), each named, tried in order: the first that
 * answers gives the answer and its name is saved with the working, so both evaluations count by it.
 * A strategy answers only when the facts say one thing; otherwise the question goes to the readers
 * of passages, which may find what the facts do not hold (a sentence, a definition).
 */

export interface FactStrategy {
  name: string
  /** The facts the answer reads, in the order its working writes them; null when this way does not answer. */
  answer(question: FactQuestion, facts: StoredFact[]): StoredFact[] | null
}

/** The entity a question names among the facts' entities: the longest name it holds whole; null for none, or two. */
function entityNamed(question: FactQuestion, facts: StoredFact[]): string | null | undefined {
  const named = [...new Set(facts.flatMap((fact) => (fact.entity ? [fact.entity] : [])))]
    .map((entity) => ({ entity, words: normalizeLabel(entity) }))
    .filter(({ words }) => words && question.words.includes(` ${words} `))
    .sort((a, b) => b.words.length - a.words.length)
  if (named.length === 0) return null
  // Two names of one length ("Cascade" in two tables) is one entity; two different ones is not.
  const longest = named.filter(({ words }) => words.length === named[0]!.words.length)
  return new Set(longest.map(({ words }) => words)).size === 1 ? longest[0]!.entity : undefined
}

const sameEntity = (a: string | null, b: string | null) =>
  (a === null && b === null) || (a !== null && b !== null && normalizeLabel(a) === normalizeLabel(b))

/** A figure of the measure, the entity the question names (or the business's), for the one year it names. */
const lookup: FactStrategy = {
  name: 'lookup',
  answer(question, facts) {
    // A month's figure is read by the calendar month, which a fiscal year's facts do not say plainly: not yet.
    if (question.operation !== 'lookup' || !question.oneFigure || !question.measureKey || question.month) return null
    const cells = facts.filter(
      (fact) =>
        fact.kind === 'cell' &&
        fact.measureKey === question.measureKey &&
        fact.unit !== '%' &&
        (question.quarter === null
          ? fact.period?.kind === 'year' || fact.period?.kind === 'as_of'
          : fact.period?.kind === 'quarter' && fact.period.quarter === question.quarter),
    )
    const entity = entityNamed(question, cells)
    // A name the facts do not hold as an entity may be one they lack: the business's figure is not its answer.
    if (entity === undefined || (entity === null && question.names.length > 0)) return null
    // Words beside the measure that no entity explains qualify it: "net sales arising from total
    // electronic components" is not net sales.
    const named = new Set(entity ? analyze(entity) : [])
    if (question.otherTerms.some((term) => !named.has(term))) return null
    const ofEntity = cells.filter((fact) => sameEntity(fact.entity, entity))
    const years = ofEntity.map((fact) => fact.period!.year)
    // The one year named; the latest for "last year"; with none named, the one year the facts hold (an add-back's).
    const held = [...new Set(years)]
    const year =
      question.years.length === 1
        ? question.years[0]
        : question.years.length > 0 || held.length === 0
          ? undefined
          : question.latest
            ? Math.max(...held)
            : held.length === 1
              ? held[0]
              : undefined
    if (year === undefined) return null
    const ofYear = ofEntity.filter((fact) => fact.period!.year === year)
    if (ofYear.length === 0) return null
    const agreed = agreeing(ofYear)
    return 'fact' in agreed ? [agreed.fact] : null
  },
}

/** Every way of answering from facts, in the order they are tried. */
export const FACT_STRATEGIES: readonly FactStrategy[] = [lookup]

/** The first strategy that answers, with the facts it read. */
export function answerWithFacts(question: FactQuestion, facts: StoredFact[]) {
  for (const strategy of FACT_STRATEGIES) {
    const read = strategy.answer(question, facts)
    if (read) return { strategy: strategy.name, facts: read }
  }
  return null
}
