import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Link, isRouteErrorResponse, useActionData, useLoaderData, useRouteError } from '@remix-run/react'
import { DocumentPanel } from '~/components/documents/document-panel'
import { PanelProvider } from '~/components/documents/panel-context'
import { handleDocumentDetailAction, loadDocumentDetail } from '~/services/document-detail.server'

function documentIdOf(raw: string | undefined) {
  const id = Number(raw)
  if (!Number.isSafeInteger(id) || id <= 0) throw new Response('Document not found', { status: 404 })
  return id
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  return json(await loadDocumentDetail(request, documentIdOf(params.documentId)))
}

export async function action({ request, params }: ActionFunctionArgs) {
  return handleDocumentDetailAction(request, documentIdOf(params.documentId))
}

export default function DocumentPage() {
  const data = useLoaderData<typeof loader>()
  const actionResult = useActionData<typeof action>()
  return (
    <div className="page">
      <p>
        <Link to="/documents">← All documents</Link>
      </p>
      <PanelProvider value={{ path: `/documents/${data.document.id}`, actionResult }}>
        <DocumentPanel data={data} titleId="document-title" />
      </PanelProvider>
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.document.title ?? 'Document'} | Exit Planner` }]

export function ErrorBoundary() {
  const error = useRouteError()
  const missing = isRouteErrorResponse(error) && error.status === 404
  return (
    <div className="page">
      <h1>{missing ? 'Document not found' : 'Something went wrong'}</h1>
      <p>{missing ? 'This document does not exist or belongs to another organization.' : 'Failed to load documents. Please try again later.'}</p>
      <Link to="/documents">Back to documents</Link>
    </div>
  )
}
