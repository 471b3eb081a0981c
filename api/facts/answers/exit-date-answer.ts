import { calendarDay } from '../../../shared/calendar'
import type { Deps } from '../../kernel/context'
import { organizationFacts } from '../organization-facts'
import type { FactAnswer, Ranked } from './fact-answer'
import { statedAnswer } from './stated-answer'

/*
 * When the owner wants to be out (issue 45, item 3): "By what date does Victor Nguyen want to be out
 * of the business?". The date the owner's after-tax need is wanted by ("I need $4 million after tax
 * by March 31, 2028"), as the value gap reads the target date; two documents naming different
 * dates leave the question to the passages.
 */

const EXIT_DATE =
  /\b(?:what|which) date\b.*\b(?:want|wants|plan|plans|hope|hopes|expect|expects|intend|intends|need|needs)\b|\bwhen\b.*\b(?:want|wants|plan|plans|hope|hopes|intend|intends)\b.*\b(?:out of the business|exit|retire|sell|leave|step (?:down|back|away)|be done|hand over)\b/i

/** The date the owner wants to be out by, cited by its sentence; null when the documents do not state one date. */
export async function answerExitDate<P extends Ranked>(
  deps: Deps,
  scope: { organizationId: number; documentIds: number[] | null },
  question: string,
  passages: P[],
): Promise<FactAnswer<P> | null> {
  if (!EXIT_DATE.test(question)) return null
  const dated = (await organizationFacts(deps, scope.organizationId, { measureKeys: ['after_tax_need'] })).filter(
    (fact) =>
      (!scope.documentIds || scope.documentIds.includes(fact.documentId)) &&
      fact.period?.kind === 'as_of' &&
      fact.period.date,
  )
  const dates = new Set(dated.map((fact) => fact.period!.date!))
  if (dates.size !== 1) return null
  const [fact] = dated as [(typeof dated)[number]]
  return statedAnswer(deps, scope.organizationId, passages, {
    strategy: 'exit-date',
    cited: [fact],
    figure: calendarDay([...dates][0]!, 'long'),
    working: ['The after-tax need is wanted ', { item: fact, text: fact.period!.label, row: fact.measure }],
  })
}
