import { json } from '@remix-run/node'

import { indexOf, LIST_LIMIT, pathOf } from './form-bounds.server'

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data']

/** A refusal the route's error page shows (its `message`), answered before anything is done. */
const refuse = (status: number, message: string) => json({ message }, { status })

/** Whether a form has a list position at or past what any form here accepts, or a name repeated more often. */
function pastEveryForm(form: FormData) {
  const counts = new Map<string, number>()
  for (const name of form.keys()) {
    const count = (counts.get(name) ?? 0) + 1
    counts.set(name, count)
    if (count > LIST_LIMIT) return true
    if (/[.[]/.test(name) && (pathOf(name) ?? []).some((part) => (indexOf(part) ?? 0) >= LIST_LIMIT)) return true
  }
  return false
}

/**
 * Every page action's `request.formData()`. A body that is not a form is the client's mistake, not a
 * server error: another content type is answered 415, a body that does not parse 400, and so is a
 * form with a list position or a repeated name past what any form here takes (LIST_LIMIT), which no
 * page sends. The answers are thrown, so the action stops there; its route's error page shows the
 * message. Uploads read their bodies with stageUpload (uploads.server.ts) instead.
 */
export async function readForm(request: Request): Promise<FormData> {
  const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() ?? ''
  if (!FORM_TYPES.includes(type)) {
    throw refuse(415, 'This address only accepts forms sent from its page (form-encoded or multipart).')
  }
  let form: FormData
  try {
    form = await request.formData()
  } catch {
    throw refuse(400, 'The form could not be read: its body is cut off or is not valid form data.')
  }
  if (pastEveryForm(form)) {
    throw refuse(
      400,
      `The form has a list longer than any form here accepts (${LIST_LIMIT} items), so it was not read.`,
    )
  }
  return form
}
