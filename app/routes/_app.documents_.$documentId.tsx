import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useRevalidator } from '@remix-run/react'

import { awaitsProcessing, DocumentPanel } from '~/components/documents/document-panel'
import { PanelProvider } from '~/components/documents/panel-context'
import { usePoll } from '~/components/documents/use-poll'
import { ErrorPage, GeneralErrorBoundary } from '~/components/error-boundary'
import { loadDocumentDetail } from '~/services/document-detail.server'
import analysisStyles from '~/styles/analysis.css'
import { pageMeta } from '~/utils/meta'
import { requireId } from '~/utils/route-id'

import { handleDocumentDetailAction } from './_app.documents_.$documentId.server'

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(`${data?.document.title ?? 'Document'} | Exit Planner`)

// The Analysis & Insights tab shows analysis results.
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: analysisStyles }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  return json(await loadDocumentDetail(request, requireId(params.documentId, 'Document not found')))
}

export async function action({ request, params }: ActionFunctionArgs) {
  return handleDocumentDetailAction(request, requireId(params.documentId, 'Document not found'))
}

export default function DocumentPage() {
  const data = useLoaderData<typeof loader>()
  const actionResult = useActionData<typeof action>()
  const revalidator = useRevalidator()
  // Live status and OCR progress until the text is there; without JavaScript a reload shows the same.
  usePoll(awaitsProcessing(data), () => {
    if (revalidator.state === 'idle') revalidator.revalidate()
  })
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

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <ErrorPage
            title="Page Not Found"
            actions={
              <>
                <Link to="/documents" className="button">
                  Back to documents
                </Link>
                <Link to="/dashboard" className="button">
                  Back to Dashboard
                </Link>
              </>
            }
          >
            <p>Document not found: it does not exist or belongs to another organization.</p>
          </ErrorPage>
        ),
      }}
    />
  )
}
