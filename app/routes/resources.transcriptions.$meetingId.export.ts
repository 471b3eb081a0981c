import type { LoaderFunctionArgs } from '@remix-run/node'

import { passFileOn } from '~/services/downloads.server'
import { meetingsApi } from '~/services/meetings.server'
import { requireUser } from '~/session/auth.server'

/** A meeting's notes as a PDF or Word file (`?format=pdf|docx`); 404 for anything not in the caller's organization. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request)
  const format = new URL(request.url).searchParams.get('format')
  if (!params.meetingId || (format !== 'pdf' && format !== 'docx')) throw new Response('Not found', { status: 404 })
  const response = await meetingsApi(request).exportFile(params.meetingId, format)
  if (!response.ok) throw new Response('Not found', { status: response.status === 404 ? 404 : 502 })
  return passFileOn(response)
}
