import { json } from '@remix-run/node'

import { indexOf, LIST_LIMIT, pathOf } from './form-bounds.server'

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data']
// The largest form here is a template at every limit of shared/templates.ts, about 1 MB of text
// (more when percent-encoded); the backend takes at most 1 MB of JSON for it anyway.
const MAX_FORM_BYTES = 4 * 2 ** 20

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
 * A form-encoded body as `formData()` reads it (UTF-8, a byte order mark kept), without a second
 * Request and its body stream: every question asked through the chat's relay comes this way.
 */
function urlEncodedForm(body: Buffer) {
  const form = new FormData()
  for (const [name, value] of new URLSearchParams(new TextDecoder('utf-8', { ignoreBOM: true }).decode(body)))
    form.append(name, value)
  return form
}

/**
 * The body, read only as far as `MAX_FORM_BYTES`: `formData()` would hold any size in memory, and a
 * body past what a form can be is refused (413) before more of it is read.
 */
async function boundedBody(request: Request) {
  const tooLarge = () => refuse(413, `The form is larger than any form here sends (${MAX_FORM_BYTES / 2 ** 20} MB).`)
  if (Number(request.headers.get('content-length')) > MAX_FORM_BYTES) throw tooLarge()
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = request.body?.getReader()
  try {
    for (let read = await reader?.read(); read && !read.done; read = await reader!.read()) {
      size += read.value.byteLength
      if (size > MAX_FORM_BYTES) break
      chunks.push(read.value)
    }
  } catch {
    throw refuse(400, 'The form could not be read: its body is cut off or is not valid form data.')
  } finally {
    await reader?.cancel().catch(() => {})
  }
  if (size > MAX_FORM_BYTES) throw tooLarge()
  return Buffer.concat(chunks)
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
  const body = await boundedBody(request)
  let form: FormData
  try {
    form =
      type === 'application/x-www-form-urlencoded'
        ? urlEncodedForm(body)
        : await new Request(request.url, { method: request.method, headers: request.headers, body }).formData()
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
