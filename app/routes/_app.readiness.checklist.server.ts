import type { z } from 'zod'

import {
  AddItemSchema,
  AssignSchema,
  ItemButtonSchema,
  LinkDocumentSchema,
  NotApplicableSchema,
} from '~/components/checklist/schemas'
import { readForm } from '~/http/read-form.server'
import { unknownIntent } from '~/http/responses.server'
import { requireRole } from '~/services/auth.server'
import { checklistApi, type ChecklistPatch } from '~/services/checklist.server'

import { changeItem, type ItemChange, type ItemPage } from './_app.readiness.item-change.server'

// The API's field names are the form's, but for the reason of setting an item aside.
const FORM_FIELDS: Record<string, string> = { not_applicable_reason: 'reason', confirmed_document: '' }

/** Where a change made on `page` is told: errors there, a success back on the list at its item. */
export const checklistPage = (page: string): ItemPage => ({
  page,
  anchor: (key) => `/readiness/checklist#item-${key}`,
  field: (name) => {
    const field = FORM_FIELDS[name] ?? name
    return field && field !== 'non_field_errors' ? field : null
  },
})

/**
 * A change to the checklist from the list (an added item, a document linked) or from an item's
 * page (assigned, confirmed, set aside, linked, removed): one form, one intent, one API call.
 */
export async function changeChecklist(request: Request, page: ItemPage) {
  await requireRole(request, ['admin', 'analyst'])
  const form = await readForm(request)
  const api = checklistApi(request)
  const patch = (key: string, body: ChecklistPatch) => api.update(key, body)
  const change = <Schema extends z.ZodTypeAny>(change: ItemChange<Schema>) => changeItem(request, form, page, change)
  switch (String(form.get('intent') ?? '')) {
    case 'assign':
      return change({
        schema: AssignSchema,
        send: (value) =>
          patch(value.key, {
            assignee: value.assignee ?? null,
            due_date: value.due_date ?? null,
            note: value.note ?? '',
          }),
        message: 'Item updated',
      })
    case 'not-applicable':
      return change({
        schema: NotApplicableSchema,
        send: (value) => patch(value.key, { not_applicable: true, not_applicable_reason: value.reason }),
        message: 'Item marked not applicable',
      })
    case 'applicable':
      return change({
        schema: ItemButtonSchema,
        send: (value) => patch(value.key, { not_applicable: false }),
        message: 'Item marked applicable again',
      })
    case 'confirm':
      return change({
        schema: ItemButtonSchema,
        send: (value) => patch(value.key, { confirmed_document: value.document ?? null }),
        message: 'Match confirmed',
      })
    case 'link':
      return change({
        schema: LinkDocumentSchema,
        send: (value) => patch(value.key, { confirmed_document: value.document }),
        message: 'Document linked',
      })
    case 'unconfirm':
      return change({
        schema: ItemButtonSchema,
        send: (value) => patch(value.key, { confirmed_document: null }),
        message: 'Confirmation withdrawn',
      })
    case 'add-item':
      return change({ schema: AddItemSchema, send: (value) => api.add(value), message: 'Item added' })
    case 'remove-item':
      return change({ schema: ItemButtonSchema, send: (value) => api.remove(value.key), message: 'Item removed' })
    default:
      throw unknownIntent()
  }
}
