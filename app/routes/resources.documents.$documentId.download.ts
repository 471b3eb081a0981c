import type { LoaderFunctionArgs } from '@remix-run/node'

import { requireUser } from '~/services/auth.server'
import { documentsApi } from '~/services/documents.server'
import { passFileOn } from '~/services/downloads.server'

/** The original file, streamed from the backend with its type and name; 404 for anything not ours. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request)
  const id = Number(params.documentId)
  const version = Number(new URL(request.url).searchParams.get('version')) || undefined
  if (!Number.isSafeInteger(id) || id <= 0) throw new Response('Not found', { status: 404 })
  const response = await documentsApi(request).download(id, version)
  if (!response.ok) throw new Response('Not found', { status: response.status === 404 ? 404 : 502 })
  return passFileOn(response)
}
