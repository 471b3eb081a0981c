import { continues } from '../answers/follow-up'
import { type FactQuestion, readFactQuestion } from './fact-question'

/**
 * A follow-up read with the question it follows (issue 45, item 3): "And the year before?" asks
 * the previous question's measure and entity a year earlier; "What about EBITDA?" its period with
 * another measure; "What share of total revenue is that?" the share of the entity it asked about.
 * What the follow-up names replaces what the previous question named; what it leaves out is
 * carried. A question that stands alone is read alone.
 */
export function readFollowUp(question: string, previous: string | null): FactQuestion {
  const asked = readFactQuestion(question)
  if (!previous || !continues(question)) return asked
  const before = readFactQuestion(previous)
  const years = asked.yearBefore
    ? before.years.map((year) => year - 1)
    : asked.years.length || asked.lastYears !== null || asked.latest
      ? asked.years
      : before.years
  const ownMeasure = asked.measureKeys.length > 0
  // "What share of total revenue is that?": an operation of its own on what was asked before.
  const ownOperation = asked.operation !== 'lookup'
  return {
    ...before,
    operation: ownOperation ? asked.operation : before.operation,
    measureKeys: ownMeasure ? asked.measureKeys : before.measureKeys,
    measureKey: ownMeasure ? asked.measureKey : before.measureKey,
    years,
    latest: asked.latest,
    yearBefore: false,
    lastYears: asked.lastYears,
    quarter: asked.quarter ?? before.quarter,
    month: asked.month,
    direction: ownOperation ? asked.direction : before.direction,
    oneFigure: ownOperation ? asked.oneFigure : before.oneFigure,
    // The entity asked about before is looked for in both questions' words.
    words: `${asked.words}${before.words}`,
    otherTerms: [...new Set([...asked.otherTerms, ...before.otherTerms])],
    names: [...new Set([...asked.names, ...before.names])],
    subject: asked.subject ?? before.subject,
    statesFigure: asked.statesFigure,
    threshold: asked.threshold,
    entityKind: asked.entityKind ?? before.entityKind,
    ranks: asked.ranks,
    lowest: asked.lowest,
  }
}
