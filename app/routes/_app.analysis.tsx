import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, Link, useLoaderData, useNavigation } from '@remix-run/react'
import { z } from 'zod'

import { ANALYSIS_TYPES } from '#shared/analysis'
import { AnalysisOutcomeView } from '~/components/analysis/analysis-result'
import { AnalysisTypeChoices } from '~/components/analysis/analysis-type-choices'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { Pagination } from '~/components/pagination'
import { useDates } from '~/components/use-dates'
import { runAnalysis } from '~/services/analysis.server'
import { ApiError, ApiUnavailableError } from '~/services/api-fetch.server'
import { requireRole } from '~/services/auth.server'
import { documentsApi } from '~/services/documents.server'
import analysisStyles from '~/styles/analysis.css'
import { ACCESS_DENIED } from '~/utils/access'
import {
  analysisHref,
  type AnalysisOutcome,
  type AnalysisType,
  DEFAULT_ANALYSIS_TYPE,
  DOCUMENTS_FAILED,
} from '~/utils/analysis'
import { pageMeta } from '~/utils/meta'

export const meta: MetaFunction = () => pageMeta('Document Analysis | Exit Planner')

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: analysisStyles }]

// The page's state lives in its URL (a result can be shared, and it all works without JavaScript):
// `document` selects, `type` chooses (spec: 'summary' by default), `run` runs, `page` pages the sidebar.
const AnalysisQuerySchema = z.object({
  document: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional().catch(undefined),
  type: z.enum(ANALYSIS_TYPES).catch(DEFAULT_ANALYSIS_TYPE),
  run: z
    .string()
    .optional()
    .transform((value) => Boolean(value)),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
})

/** Documents per page of the sidebar. */
const SIDEBAR_PAGE_SIZE = 50

interface SidebarDocument {
  id: number
  title: string
  created_at: string
}

interface LoaderData {
  organizationName: string | null
  /** The processed documents of this sidebar page; null when they could not be loaded. */
  documents: SidebarDocument[] | null
  documentCount: number
  page: number
  selected: (SidebarDocument & { processed: boolean }) | null
  /** A `document` in the URL that is not the organization's. */
  notFound: boolean
  type: AnalysisType
  outcome: AnalysisOutcome | null
}

export async function loader({ request }: LoaderFunctionArgs) {
  const me = await requireRole(request, ['analyst'], ACCESS_DENIED.analysis)
  const query = AnalysisQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams))
  const api = documentsApi(request)
  let documents: SidebarDocument[] | null = null
  let documentCount = 0
  try {
    // Spec §4: documents are offered for analysis only when they are processed.
    const list = await api.list({ status: 'processed', page: query.page, page_size: SIDEBAR_PAGE_SIZE })
    documents = list.results.map(({ id, title, created_at }) => ({ id, title, created_at }))
    documentCount = list.count
  } catch (error) {
    if (!(error instanceof ApiError || error instanceof ApiUnavailableError)) throw error
  }

  let selected: LoaderData['selected'] = null
  let notFound = false
  if (query.document) {
    const listed = documents?.find((document) => document.id === query.document)
    if (listed) selected = { ...listed, processed: true }
    else {
      // On another page of the sidebar, not processed (yet), or not this organization's.
      try {
        const document = await api.get(query.document)
        selected = {
          id: document.id,
          title: document.title,
          created_at: document.created_at,
          processed: document.processing_status === 'processed',
        }
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) throw error
        notFound = true
      }
    }
  }

  const outcome = selected && query.run ? await runAnalysis(request, selected.id, query.type) : null
  const data: LoaderData = {
    organizationName: me.organization?.name ?? null,
    documents,
    documentCount,
    page: query.page,
    selected,
    notFound,
    type: query.type,
    outcome,
  }
  const status = notFound ? 404 : (outcome?.error?.status ?? (documents ? 200 : 502))
  return json(data, { status })
}

export default function DocumentAnalysis() {
  const data = useLoaderData<typeof loader>() as LoaderData
  const { organizationName, selected, type, outcome, notFound, documents } = data
  const navigation = useNavigation()
  // The page keeps a loading state for the documents and one for the analysis (spec §2).
  const next =
    navigation.state !== 'idle' && navigation.location.pathname === '/analysis'
      ? new URLSearchParams(navigation.location.search)
      : null
  const analyzing = Boolean(next?.get('run'))
  const loadingDocuments = Boolean(next) && !analyzing

  return (
    <div className="sidebar-layout">
      <DocumentSidebar data={data} loading={loadingDocuments} />
      <div className="page analysis-main">
        <div className="page-header">
          <div>
            <h1>Document Analysis</h1>
            {organizationName ? <p className="muted">{organizationName}</p> : null}
          </div>
        </div>
        {notFound ? (
          <div className="alert alert-error" role="alert">
            <p>Document not found: it does not exist or belongs to another organization.</p>
          </div>
        ) : null}
        {selected ? (
          <section className="analysis-document" aria-labelledby="analysis-document-title">
            <h2 id="analysis-document-title" className="analysis-document-title">
              {selected.title}
            </h2>
            <p className="analysis-document-links">
              <Link to={`/documents/${selected.id}`}>Open the document</Link>
            </p>
            {selected.processed ? null : (
              <p className="notice">This document is not processed yet: it can be analyzed once processing finishes.</p>
            )}
            <Form method="get" action="/analysis" className="analysis-form" preventScrollReset>
              <input type="hidden" name="document" value={selected.id} />
              {data.page > 1 ? <input type="hidden" name="page" value={data.page} /> : null}
              <AnalysisTypeChoices selected={type} />
              <button type="submit" name="run" value="1" className="button button-primary" disabled={analyzing}>
                {analyzing ? 'Analyzing...' : 'Run Analysis'}
              </button>
            </Form>
            <div className="analysis-outcome" aria-busy={analyzing || undefined}>
              {outcome ? (
                <AnalysisOutcomeView outcome={outcome} />
              ) : (
                <p className="analysis-hint">
                  Select an analysis type and click &quot;Run Analysis&quot; to analyze this document.
                </p>
              )}
            </div>
          </section>
        ) : documents && documents.length === 0 && data.page === 1 ? (
          <p>
            <Link to="/documents?upload=true" className="button">
              Upload Document
            </Link>
          </p>
        ) : documents ? (
          <p className="analysis-hint">Select a document from the sidebar to get started with analysis.</p>
        ) : null}
      </div>
    </div>
  )
}

function DocumentSidebar({ data, loading }: { data: LoaderData; loading: boolean }) {
  const { formatDate } = useDates()
  const { documents, documentCount, page, selected, type } = data
  const hrefOf = (id: number) => `${analysisHref(id, type)}${page > 1 ? `&page=${page}` : ''}`
  const pagerSearch = new URLSearchParams()
  if (selected) pagerSearch.set('document', String(selected.id))
  if (type !== DEFAULT_ANALYSIS_TYPE) pagerSearch.set('type', type)
  return (
    <nav className="analysis-sidebar" aria-labelledby="analysis-documents-title">
      <h2 id="analysis-documents-title">Processed Documents</h2>
      {/* Kept in the page while empty: a live region must exist before the text it announces. */}
      <p role="status" className="analysis-sidebar-status">
        {loading ? 'Loading documents...' : null}
      </p>
      {documents === null ? (
        <p className="alert alert-error" role="alert">
          {DOCUMENTS_FAILED}
        </p>
      ) : documents.length === 0 && page === 1 ? (
        <p className="muted">
          No processed documents available for analysis. Please upload and process documents first.
        </p>
      ) : (
        <>
          <ul className="sidebar-list analysis-document-list" aria-busy={loading || undefined}>
            {documents.map((document) => (
              <li key={document.id}>
                <Link
                  to={hrefOf(document.id)}
                  className="sidebar-link"
                  aria-current={document.id === selected?.id ? 'page' : undefined}
                  preventScrollReset
                >
                  <span className="sidebar-link-name">{document.title}</span>
                  <span className="analysis-document-date">
                    <time dateTime={document.created_at}>{formatDate(document.created_at)}</time>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          <Pagination count={documentCount} page={page} pageSize={SIDEBAR_PAGE_SIZE} search={pagerSearch} />
        </>
      )}
    </nav>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
