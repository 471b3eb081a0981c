import { Form, Link } from '@remix-run/react'
import type { MouseEvent } from 'react'
import type { DocumentSummary } from '~/services/documents.server'
import { STATUS_LABELS, formatSize, relativeTime, truncate } from '~/utils/documents'
import { FileIcon } from './file-icon'

/** The documents of the page; a title opens the preview overlay (or /documents/{id} without JavaScript). */
export function DocumentList({
  documents,
  canEdit,
  now,
  deleteHref,
  onOpen,
}: {
  documents: DocumentSummary[]
  canEdit: boolean
  now: number
  deleteHref: (id: number) => string
  onOpen: (id: number, event: MouseEvent<HTMLAnchorElement>) => void
}) {
  return (
    <ul className="document-list">
      {documents.map((document) => (
        <li key={document.id} className="document-item">
          <FileIcon fileType={document.file_type} />
          <div className="document-item-main">
            <Link to={`/documents/${document.id}`} className="document-item-title" title={document.title} onClick={(event) => onOpen(document.id, event)}>
              {truncate(document.title, 30)}
            </Link>
            <p className="document-item-meta">
              <span>{document.file_type.toUpperCase()}</span>
              <span>{formatSize(document.file_size)}</span>
              <span>
                <time dateTime={document.created_at}>{relativeTime(document.created_at, now)}</time>
              </span>
              {document.category ? <span className="category">{document.category}</span> : null}
            </p>
            {document.processing_status === 'failed' && document.failure_reason ? (
              <p className="document-item-error">{document.failure_reason}</p>
            ) : null}
          </div>
          <span className={`status status-${document.processing_status}`}>{STATUS_LABELS[document.processing_status]}</span>
          {canEdit ? (
            <div className="document-item-actions">
              {document.processing_status === 'failed' ? (
                <Form method="post" className="inline-form">
                  <input type="hidden" name="id" value={document.id} />
                  <button type="submit" name="intent" value="reprocess" className="button">
                    Reprocess<span className="visually-hidden"> {document.title}</span>
                  </button>
                </Form>
              ) : null}
              <Link to={deleteHref(document.id)} className="button button-danger" preventScrollReset>
                Delete<span className="visually-hidden"> {document.title}</span>
              </Link>
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  )
}
