import { json } from '@remix-run/node'
import type { z } from 'zod'

import { parseForm } from '~/http/parse-form.server'
import { assertApiError, fieldErrorsOf } from '~/services/api-fetch.server'
import { redirectWithToast } from '~/session/flash.server'

export interface ItemChange<Schema extends z.ZodTypeAny> {
  schema: Schema
  send: (value: z.output<Schema>) => Promise<unknown>
  /** The toast a success is told with. */
  message: string
}

export interface ItemPage {
  /** The page the change was made on, where an error without a field is told. */
  page: string
  /** Where a success returns to: the changed item's anchor on the page. */
  anchor: (key: string) => string
  /** The form's field for a field the API names; null tells its messages with the form. */
  field: (name: string) => string | null
}

/**
 * One change to one item of a page of many forms (a checklist item, an assessment question), read
 * from a form with an `intent` and a `key`: checked against the form's schema, sent, and the
 * backend's refusals returned on the form's own fields, tagged with the intent and key so only that
 * item's form shows them. A success goes back to the item with a toast.
 */
export async function changeItem<Schema extends z.ZodTypeAny>(
  request: Request,
  form: FormData,
  { page, anchor, field }: ItemPage,
  { schema, send, message }: ItemChange<Schema>,
) {
  const intent = String(form.get('intent') ?? '')
  const key = String(form.get('key') ?? '')
  const submission = parseForm(form, { schema })
  if (submission.status !== 'success') return json({ intent, key, result: submission.reply() }, { status: 400 })
  try {
    await send(submission.value)
  } catch (error) {
    assertApiError(error)
    const fields = fieldErrorsOf(error)
    if (!fields) return redirectWithToast(request, page, { type: 'error', message: error.message })
    const fieldErrors: Record<string, string[]> = {}
    const formErrors: string[] = []
    for (const [name, messages] of Object.entries(fields)) {
      const target = field(name)
      if (target) fieldErrors[target] = messages
      else formErrors.push(...messages)
    }
    return json({ intent, key, result: submission.reply({ fieldErrors, formErrors }) }, { status: 400 })
  }
  return redirectWithToast(request, key ? anchor(key) : page, { type: 'success', message })
}
