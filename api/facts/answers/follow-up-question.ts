import { continues } from '../../ai/answers/follow-up'
import { type FactQuestion, readFactQuestion } from './fact-question'

const ADDED = /\b(?:after|with|including|plus|once)\b/

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
  // "And after the add-backs?" after an EBITDA question asks for adjusted EBITDA.
  const addedBack = before.measureKeys.includes('ebitda') && asked.measureKey === 'add_back' && ADDED.test(asked.words)
  const ownMeasure = asked.measureKeys.length > 0
  // "What share of total revenue is that?": an operation of its own on what was asked before.
  const ownOperation = asked.operation !== 'lookup'
  return {
    ...before,
    operation: ownOperation ? asked.operation : before.operation,
    measureKeys: addedBack ? ['adjusted_ebitda'] : ownMeasure ? asked.measureKeys : before.measureKeys,
    measureKey: addedBack ? 'adjusted_ebitda' : ownMeasure ? asked.measureKey : before.measureKey,
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
    multiple: asked.multiple ?? before.multiple,
    threshold: asked.threshold,
    entityKind: asked.entityKind ?? before.entityKind,
    ranks: asked.ranks,
    lowest: asked.lowest,
  }
}
