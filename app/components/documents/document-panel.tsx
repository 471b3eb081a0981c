import { Form } from '@remix-run/react'
import type { ReactNode } from 'react'

import type { DocumentDetailData, DocumentTab } from '~/utils/document-detail'
import { STATUS_LABELS, truncate } from '~/utils/documents'

import { InsightsTab } from './insights-tab'
import { MetadataTab } from './metadata-tab'
import { PanelLink, usePanel } from './panel-context'
import { PreviewTab } from './preview-tab'
import { VersionsTab } from './versions-tab'

const TAB_LABELS: Record<DocumentTab, string> = {
  preview: 'Document Preview',
  metadata: 'Metadata & Tags',
  analysis: 'Analysis & Insights',
  versions: 'Version History',
}

/**
 * Whether the panel shows a tab that waits for processing (its notice instead of content), which
 * the page and the overlay then poll. The other tabs hold forms (metadata, a new version) that a
 * reload of the document would reset while someone fills them in.
 */
export const awaitsProcessing = ({ document, tab }: Pick<DocumentDetailData, 'document' | 'tab'>) =>
  (document.processing_status === 'pending' || document.processing_status === 'processing') &&
  (tab === 'preview' || tab === 'analysis')

/** The four tabs of a document (spec §2 "Document preview overlay"), as a page or inside the overlay. */
export function DocumentPanel({
  data,
  titleId,
  headerEnd,
}: {
  data: DocumentDetailData
  titleId: string
  headerEnd?: ReactNode
}) {
  const { document, tab } = data
  const { path, actionResult } = usePanel()
  const formErrors = actionResult?.errors?.[''] ?? []
  return (
    <div className="document-panel">
      <div className="document-panel-header">
        <div>
          <h1 id={titleId} className="document-panel-title" title={document.title}>
            {truncate(document.title, 40)}
          </h1>
          <p className="document-panel-meta">
            <span className={`status status-${document.processing_status}`}>
              {STATUS_LABELS[document.processing_status]}
            </span>{' '}
            {document.file_name}
          </p>
        </div>
        <div className="document-panel-actions">
          <a className="button button-primary" href={`/resources/documents/${document.id}/download`} download>
            Download
          </a>
          {document.processing_status === 'processed' ? (
            // A new conversation whose answers come from this document only.
            <Form method="post" action="/chat">
              <input type="hidden" name="document_id" value={document.id} />
              <button type="submit" name="intent" value="create" className="button">
                Ask about this document
              </button>
            </Form>
          ) : null}
          {headerEnd}
        </div>
      </div>
      <nav aria-label="Document sections" className="tabs">
        <ul>
          {(Object.keys(TAB_LABELS) as DocumentTab[]).map((key) => (
            <li key={key}>
              <PanelLink to={`${path}?tab=${key}`} aria-current={key === tab ? 'page' : undefined} className="tab">
                {TAB_LABELS[key]}
              </PanelLink>
            </li>
          ))}
        </ul>
      </nav>
      <section className="tab-panel" aria-label={TAB_LABELS[tab]}>
        {formErrors.length ? (
          <div className="alert alert-error" role="alert">
            {formErrors.map((error) => (
              <p key={error}>{error}</p>
            ))}
          </div>
        ) : null}
        {tab === 'preview' ? <PreviewTab data={data} /> : null}
        {tab === 'metadata' ? <MetadataTab data={data} /> : null}
        {tab === 'analysis' ? <InsightsTab data={data} /> : null}
        {tab === 'versions' ? <VersionsTab data={data} /> : null}
      </section>
    </div>
  )
}
