import { CHECKLIST_KEY } from '../../../shared/checklist'
import { idFrom } from '../../../shared/ids'
import { requireRole } from '../../auth/access'
import type { OrgCaller } from '../../kernel/context'
import { notFound } from '../../kernel/http-error'
import { STANDARD_ITEMS } from './standard-items'

export const ITEM_NOT_FOUND = 'Checklist item not found'

/** Assigning, annotating, setting aside, confirming and adding: admin and analyst; members read. */
export const requireChecklistEditor = (caller: OrgCaller) => requireRole(caller, ['analyst'])

export const customKey = (id: number) => `custom-${id}`

const STANDARD_KEYS = new Set(STANDARD_ITEMS.map((rule) => rule.key))

/** What a key in a path names: a standard item, or a custom item's row id; anything else is 404. */
export function itemRef(raw: string | undefined): { standard: string } | { customId: number } {
  const key = raw ?? ''
  if (!CHECKLIST_KEY.test(key)) throw notFound(ITEM_NOT_FOUND)
  if (STANDARD_KEYS.has(key)) return { standard: key }
  const id = idFrom(/^custom-(\d+)$/.exec(key)?.[1])
  if (id === null || customKey(id) !== key) throw notFound(ITEM_NOT_FOUND)
  return { customId: id }
}
