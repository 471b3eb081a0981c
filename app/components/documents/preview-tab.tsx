import { useId } from 'react'

import type { DocumentDetailData } from '~/handlers/document-detail.server'

import { CitedTable } from './cited-table'
import { PanelLink, usePanel } from './panel-context'
import { ProcessingNotice } from './processing-notice'

const pageName = (page: { number: number; kind: string; label: string | null }) =>
  page.kind === 'page' ? `Page ${page.number}` : (page.label ?? `Part ${page.number}`)

/** The real extracted text, one page (or sheet, or section) at a time. */
export function PreviewTab({ data }: { data: DocumentDetailData }) {
  const { document, preview, canEdit } = data
  const { path } = usePanel()
  const ocrNoteId = useId()
  if (!preview) return <ProcessingNotice document={document} canEdit={canEdit} />
  const current = preview.page
  const index = preview.pages.findIndex((page) => page.number === current?.number)
  const previous = preview.pages[index - 1]
  const next = preview.pages[index + 1]
  const href = (number: number) => `${path}?tab=preview&page=${number}`
  return (
    <div className="preview">
      {document.extraction_note ? <p className="notice">{document.extraction_note}</p> : null}
      {current ? (
        <>
          <h2 className="preview-heading">
            {pageName(current)} <span className="muted">of {preview.page_count}</span>
          </h2>
          {current.ocr ? <OcrNote id={ocrNoteId} pageName={pageName(current)} ocr={current.ocr} /> : null}
          {preview.cell ? <CitedTable cell={preview.cell} /> : null}
          <div
            className="preview-text"
            role="region"
            tabIndex={0}
            aria-label={`Text of ${pageName(current)}`}
            aria-describedby={current.ocr ? ocrNoteId : undefined}
          >
            {current.text ? <PageText text={current.text} passage={preview.passage} /> : <em>No text on this page.</em>}
          </div>
        </>
      ) : (
        <p>This page does not exist.</p>
      )}
      {preview.page_count > 1 ? (
        <nav aria-label="Pages" className="pager">
          {previous ? (
            <PanelLink to={href(previous.number)} className="button">
              Previous: {pageName(previous)}
            </PanelLink>
          ) : null}
          {next ? (
            <PanelLink to={href(next.number)} className="button">
              Next: {pageName(next)}
            </PanelLink>
          ) : null}
        </nav>
      ) : null}
    </div>
  )
}

type OcrReading = NonNullable<NonNullable<DocumentDetailData['preview']>['pages'][number]['ocr']>

/**
 * Says the page is a scan whose text OCR read, and how sure it was. A low confidence is flagged in
 * words as well as colour; the text stays shown (and searchable) in full.
 */
function OcrNote({ id, pageName, ocr }: { id: string; pageName: string; ocr: OcrReading }) {
  const reading = `${pageName}: read by OCR, confidence ${Math.round(ocr.confidence)}%`
  if (!ocr.low) {
    return (
      <p id={id} className="ocr-note">
        {reading}
      </p>
    )
  }
  return (
    <p id={id} className="alert alert-warning ocr-note">
      {reading}. <strong>Low confidence:</strong> the text may hold errors; check it against the original.
    </p>
  )
}

/** The page's text, with a cited passage marked and reachable at #passage-{chunk} (no JavaScript needed). */
function PageText({ text, passage }: { text: string; passage: NonNullable<DocumentDetailData['preview']>['passage'] }) {
  if (!passage) return <>{text}</>
  return (
    <>
      {text.slice(0, passage.start)}
      <mark id={`passage-${passage.chunk_id}`} className="cited-passage" tabIndex={-1}>
        {text.slice(passage.start, passage.end)}
      </mark>
      {text.slice(passage.end)}
    </>
  )
}
