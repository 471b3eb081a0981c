import type { LoaderFunctionArgs } from '@remix-run/node'

import { requireUser } from '~/services/auth.server'
import { documentsApi } from '~/services/documents.server'
import { passFileOn } from '~/services/downloads.server'
import { idFrom, requireId } from '~/utils/route-id'

/** The original file, streamed from the backend with its type and name; 404 for anything not ours. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request)
  const id = requireId(params.documentId, 'Not found')
  const version = idFrom(new URL(request.url).searchParams.get('version') ?? undefined) ?? undefined
  const response = await documentsApi(request).download(id, version)
  if (!response.ok) throw new Response('Not found', { status: response.status === 404 ? 404 : 502 })
  return passFileOn(response)
}
