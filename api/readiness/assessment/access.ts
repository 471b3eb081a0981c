import { requireRole } from '../../auth/access'
import type { OrgCaller } from '../../kernel/context'
import { notFound } from '../../kernel/http-error'
import { QUESTIONS } from './drivers'

/** Answering, accepting a proposal and completing: admin and analyst; members read. */
export const requireAssessor = (caller: OrgCaller) => requireRole(caller, ['analyst'])

export const canAssess = (caller: Pick<OrgCaller, 'role'>) => caller.role === 'admin' || caller.role === 'analyst'

/** The question a key in a path names; anything else is 404. */
export function questionOf(key: string | undefined) {
  const question = key === undefined ? undefined : QUESTIONS.get(key)
  if (!question) throw notFound('There is no such question in the assessment.')
  return question
}
