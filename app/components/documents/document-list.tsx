import { Form } from '@remix-run/react'
import type { MouseEvent } from 'react'

import type { DocumentPayload as DocumentSummary } from '#api/documents/contract'
import { AppLink } from '~/components/app-link'
import { formatSize, relativeTime, STATUS_LABELS, truncate } from '~/utils/documents'

import { FileIcon } from './file-icon'
import { OcrProgress, pagesCount } from './ocr-progress'

export type DocumentListItem = ReturnType<typeof listItem>

/**
 * What a row shows of a document. The page's data is written into it for the browser, so rows
 * carry these fields, a third of the API's answer, not the creator, versions and tags as well.
 */
export const listItem = ({
  id,
  title,
  file_type,
  file_size,
  created_at,
  category,
  processing_status,
  failure_reason,
  ocr_progress,
  tags,
}: DocumentSummary) => ({
  id,
  title,
  file_type,
  file_size,
  created_at,
  category,
  tags,
  processing_status,
  failure_reason,
  // Null from a backend that predates OCR, as from one that is not reading scans just now.
  ocr_progress: ocr_progress ?? null,
})

/**
 * The documents of the page; a title opens the preview overlay (or /documents/{id} without JavaScript).
 * Delete asks first, inside the row it concerns (`?confirm-delete={id}`), so it works without JavaScript.
 */
export function DocumentList({
  documents,
  canEdit,
  now,
  confirmDeleteId,
  deleteHref,
  cancelDeleteHref,
  onOpen,
}: {
  documents: DocumentListItem[]
  canEdit: boolean
  now: number
  confirmDeleteId: number | null
  deleteHref: (id: number) => string
  cancelDeleteHref: string
  onOpen: (id: number, event: MouseEvent<HTMLAnchorElement>) => void
}) {
  return (
    <ul className="document-list">
      {documents.map((document) => {
        const confirming = canEdit && document.id === confirmDeleteId
        return (
          <li key={document.id} className={confirming ? 'document-item document-item-confirming' : 'document-item'}>
            <FileIcon fileType={document.file_type} />
            <div className="document-item-main">
              <AppLink
                id={`document-${document.id}-title`}
                to={`/documents/${document.id}`}
                className="document-item-title"
                title={document.title}
                onClick={(event) => onOpen(document.id, event)}
              >
                {truncate(document.title, 30)}
              </AppLink>
              <p className="document-item-meta">
                <span>{document.file_type.toUpperCase()}</span>
                <span>{formatSize(document.file_size)}</span>
                <span>
                  <time dateTime={document.created_at}>{relativeTime(document.created_at, now)}</time>
                </span>
                {document.category ? <span className="category">{document.category}</span> : null}
              </p>
              {document.tags.length ? (
                <ul className="tag-list document-item-tags" aria-label={`Tags of ${document.title}`}>
                  {document.tags.map((tag) => (
                    <li key={tag} className="tag">
                      {tag}
                    </li>
                  ))}
                </ul>
              ) : null}
              {document.ocr_progress ? (
                <OcrProgress
                  progress={document.ocr_progress}
                  labelledBy={`document-${document.id}-title`}
                  className="document-item-progress"
                >
                  Reading scans by OCR:{' '}
                  <span className="ocr-progress-count">
                    {document.ocr_progress.pages_done} of {pagesCount(document.ocr_progress.pages_total)}
                  </span>
                </OcrProgress>
              ) : null}
              {document.processing_status === 'failed' && document.failure_reason ? (
                <p className="document-item-error">{document.failure_reason}</p>
              ) : null}
            </div>
            <div className="document-item-side">
              <span className={`status status-${document.processing_status}`}>
                {STATUS_LABELS[document.processing_status]}
              </span>
              {canEdit && !confirming ? (
                <div className="document-item-actions">
                  {document.processing_status === 'failed' ? (
                    <Form method="post" className="inline-form">
                      <input type="hidden" name="id" value={document.id} />
                      <button type="submit" name="intent" value="reprocess" className="button button-small">
                        Reprocess<span className="visually-hidden"> {document.title}</span>
                      </button>
                    </Form>
                  ) : null}
                  <AppLink
                    to={deleteHref(document.id)}
                    className="button button-small button-danger-outline"
                    preventScrollReset
                  >
                    Delete<span className="visually-hidden"> {document.title}</span>
                  </AppLink>
                </div>
              ) : null}
            </div>
            {confirming ? (
              <section className="confirm document-item-confirm" aria-labelledby={`confirm-delete-${document.id}`}>
                <h2 id={`confirm-delete-${document.id}`}>Delete "{document.title}"?</h2>
                <p>The document, all its versions and its extracted text are removed. This cannot be undone.</p>
                <Form method="post" className="form-actions">
                  <input type="hidden" name="id" value={document.id} />
                  <AppLink to={cancelDeleteHref} className="button" preventScrollReset>
                    Cancel
                  </AppLink>
                  <button type="submit" name="intent" value="delete" className="button button-danger" autoFocus>
                    Delete document
                  </button>
                </Form>
              </section>
            ) : null}
          </li>
        )
      })}
    </ul>
  )
}
