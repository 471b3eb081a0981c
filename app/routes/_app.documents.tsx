import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useLocation, useRevalidator, useSearchParams } from '@remix-run/react'
import { type MouseEvent, useState } from 'react'

import { AppLink } from '~/components/app-link'
import { DocumentList, listItem } from '~/components/documents/document-list'
import { DocumentOverlay } from '~/components/documents/document-overlay'
import { DuplicateChoice } from '~/components/documents/duplicate-choice'
import { ReloadForProgress } from '~/components/documents/reload-for-progress'
import { UPLOAD_FAILED, UploadForm } from '~/components/documents/upload-form'
import { usePoll } from '~/components/documents/use-poll'
import { useUploadProgress } from '~/components/documents/use-upload-progress'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { Pagination } from '~/components/pagination'
import { webEnv } from '~/http/env.server'
import { readForm } from '~/http/read-form.server'
import { unknownIntent } from '~/http/responses.server'
import { assertApiError } from '~/services/api-fetch.server'
import { currentUser, requireRole } from '~/services/auth.server'
import { documentsApi } from '~/services/documents.server'
import analysisStyles from '~/styles/analysis.css'
import { canManageDocuments } from '~/utils/access'
import { pageMeta } from '~/utils/meta'

import { deleteAction, listUrl, reprocessAction, resolveDuplicates, uploadAction } from './_app.documents.server'

export const meta: MetaFunction = () =>
  pageMeta('Documents | Exit Planner', "Upload, categorise and follow the processing of your organization's documents.")

// The preview overlay's Analysis & Insights tab shows analysis results.
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: analysisStyles }]

const STATUS_FILTERS = [
  { value: '', label: 'All Documents' },
  { value: 'processed', label: 'Processed' },
  // Pending and processing both: the spec's prototype matched pending only, hiding running work.
  { value: 'processing', label: 'Processing', statuses: 'pending,processing' },
  { value: 'failed', label: 'Failed' },
] as const

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const status = url.searchParams.get('status') ?? ''
  const filter = STATUS_FILTERS.find((option) => option.value === status) ?? STATUS_FILTERS[0]
  const query = {
    search: url.searchParams.get('q')?.trim() || undefined,
    category: url.searchParams.get('category') || undefined,
    status: 'statuses' in filter ? filter.statuses : filter.value || undefined,
    page: Math.max(1, Number(url.searchParams.get('page')) || 1),
  }
  // Started together: the list's call brings the caller the page and its frame read (decision 079).
  const [me, listed] = await Promise.all([
    currentUser(request),
    documentsApi(request)
      .list(query)
      .catch((error: unknown) => {
        assertApiError(error)
        return null
      }),
  ])
  const canEdit = canManageDocuments(me.role)
  const base = {
    organizationName: me.organization?.name ?? null,
    canEdit,
    showUpload: canEdit && url.searchParams.get('upload') === 'true',
    uploadMode: url.searchParams.get('mode') === 'batch' ? ('batch' as const) : ('single' as const),
    maxMb: webEnv().MAX_UPLOAD_MB,
    filtered: Boolean(query.search || query.category || query.status),
    now: Date.now(),
  }
  if (!listed)
    return json({
      ...base,
      list: null,
      confirmDelete: null,
      error: 'Failed to load documents. Please try again later.',
    })
  const list = { ...listed, results: listed.results.map(listItem) }
  const confirmId = Number(url.searchParams.get('confirm-delete'))
  const confirmDelete =
    canEdit && confirmId ? (list.results.find((document) => document.id === confirmId) ?? null) : null
  return json({ ...base, list, confirmDelete, error: null })
}

export async function action({ request }: ActionFunctionArgs) {
  await requireRole(request, ['admin', 'analyst'])
  if (request.headers.get('content-type')?.startsWith('multipart/form-data')) return uploadAction(request)
  const form = await readForm(request)
  switch (form.get('intent')) {
    case 'delete':
      return deleteAction(request, Number(form.get('id')))
    case 'reprocess':
      return reprocessAction(request, Number(form.get('id')))
    case 'resolve-duplicates':
      return resolveDuplicates(request, form, {
        done: listUrl(request),
        retry: `/documents${new URL(request.url).search}`,
      })
    default:
      throw unknownIntent()
  }
}

function withParams(search: URLSearchParams, changes: Record<string, string | null>) {
  const next = new URLSearchParams(search)
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === '') next.delete(key)
    else next.set(key, value)
  }
  next.delete('page')
  const query = next.toString()
  return query ? `?${query}` : '?'
}

/** The list as it is (page kept: the confirm shows in the row, which must stay on screen), asking to delete `id`. */
function confirmDeleteHref(search: URLSearchParams, id: number | null) {
  const next = new URLSearchParams(search)
  if (id === null) next.delete('confirm-delete')
  else next.set('confirm-delete', String(id))
  const query = next.toString()
  return query ? `?${query}` : '?'
}

export default function Documents() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  // With JavaScript the upload forms post through this, to show how much is sent; its answer is
  // the action's, as the form's own post would have had it.
  const upload = useUploadProgress<NonNullable<typeof actionData>>({ failure: UPLOAD_FAILED })
  const lastResult = upload.result ?? actionData
  const [searchParams] = useSearchParams()
  const location = useLocation()
  const revalidator = useRevalidator()
  const [overlayId, setOverlayId] = useState<number | null>(null)
  const { list, canEdit } = data
  const status = searchParams.get('status') ?? ''
  const category = searchParams.get('category') ?? ''
  const working = list?.results.some(
    (document) => document.processing_status === 'pending' || document.processing_status === 'processing',
  )

  // Live status (and OCR progress) while documents process; without JavaScript a refresh shows the
  // same. The overlay polls its own document while open, so the list waits meanwhile.
  usePoll(Boolean(working) && overlayId === null, () => {
    if (revalidator.state === 'idle') revalidator.revalidate()
  })

  const openOverlay = (id: number, event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
    event.preventDefault()
    setOverlayId(id)
  }

  return (
    <div className="page documents-page">
      <div className="page-header">
        <div>
          <h1>Documents</h1>
          {data.organizationName ? <p className="muted">{data.organizationName}</p> : null}
        </div>
        {canEdit ? (
          <AppLink
            to={
              data.showUpload
                ? withParams(searchParams, { upload: null, mode: null })
                : withParams(searchParams, { upload: 'true' })
            }
            className={data.showUpload ? 'button' : 'button button-primary'}
          >
            {data.showUpload ? 'Cancel Upload' : 'Upload Document'}
          </AppLink>
        ) : null}
      </div>

      {lastResult && 'duplicates' in lastResult ? (
        // Keyed on the held files, not the location: the location changes once more when the
        // revalidation after the upload ends, and a remount then would undo choices already made.
        <DuplicateChoice
          key={lastResult.duplicates.files.map((file) => file.token).join(' ')}
          question={lastResult.duplicates}
        />
      ) : data.showUpload ? (
        <UploadForm
          key={`${data.uploadMode}-${location.key}`}
          mode={data.uploadMode}
          lastResult={lastResult && 'status' in lastResult ? lastResult : null}
          maxMb={data.maxMb}
          progress={upload.progress}
          onUpload={upload.send}
        />
      ) : null}

      <Form method="get" className="search-form" role="search">
        {status ? <input type="hidden" name="status" value={status} /> : null}
        {category ? <input type="hidden" name="category" value={category} /> : null}
        <label htmlFor="document-search" className="visually-hidden">
          Search documents
        </label>
        <input
          id="document-search"
          type="search"
          name="q"
          defaultValue={searchParams.get('q') ?? ''}
          placeholder="Search documents by title, description or filename..."
        />
        <button type="submit" className="button">
          Search
        </button>
      </Form>

      <nav aria-label="Status" className="filters">
        {STATUS_FILTERS.map((filter) => (
          <AppLink
            key={filter.value}
            to={withParams(searchParams, { status: filter.value })}
            aria-current={status === filter.value ? 'page' : undefined}
            className="filter"
          >
            {filter.label}
          </AppLink>
        ))}
      </nav>
      {list && list.categories.length ? (
        <nav aria-label="Categories" className="chips">
          <AppLink
            to={withParams(searchParams, { category: null })}
            aria-current={!category ? 'page' : undefined}
            className="chip"
          >
            All Categories
          </AppLink>
          {list.categories.map((name) => (
            <AppLink
              key={name}
              to={withParams(searchParams, { category: name })}
              aria-current={category === name ? 'page' : undefined}
              className="chip"
            >
              {name}
            </AppLink>
          ))}
        </nav>
      ) : null}

      {data.error ? (
        <div className="alert alert-error" role="alert">
          <p>{data.error}</p>
        </div>
      ) : null}
      {list && list.results.length === 0 ? (
        data.filtered ? (
          <p className="empty">No documents match your search criteria. Try adjusting your filters or search term.</p>
        ) : (
          <div className="empty">
            <h2>No documents found</h2>
            <p>Upload documents to get started with your analysis.</p>
          </div>
        )
      ) : null}
      {list && list.results.length ? (
        <>
          <p className="muted" aria-live="polite">
            {list.count} document{list.count === 1 ? '' : 's'}
          </p>
          {working ? (
            <ReloadForProgress className="notice">Some documents are still being processed.</ReloadForProgress>
          ) : null}
          <DocumentList
            documents={list.results}
            canEdit={canEdit}
            now={data.now}
            confirmDeleteId={data.confirmDelete?.id ?? null}
            deleteHref={(id) => confirmDeleteHref(searchParams, id)}
            cancelDeleteHref={confirmDeleteHref(searchParams, null)}
            onOpen={openOverlay}
          />
          <Pagination count={list.count} page={list.page} pageSize={list.page_size} search={searchParams} />
        </>
      ) : null}
      {overlayId !== null ? <DocumentOverlay documentId={overlayId} onClose={() => setOverlayId(null)} /> : null}
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
