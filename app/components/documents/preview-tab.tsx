import { useId } from 'react'

import { readableCell } from '#shared/figures'
import type { DocumentDetailData } from '~/utils/document-detail'
import { pageBlocks } from '~/utils/page-blocks'

import { CitedTable } from './cited-table'
import { PanelLink, usePanel } from './panel-context'
import { ProcessingNotice } from './processing-notice'

const pageName = (page: { number: number; kind: string; label: string | null }) =>
  page.kind === 'page' ? `Page ${page.number}` : (page.label ?? `Part ${page.number}`)

/** "Page 2 of 5", "Sheet 1 of 2: Income Statement", "Section 1 of 3: Body". */
function pageHeading(page: { number: number; kind: string; label: string | null }, count: number) {
  const kind = { page: 'Page', sheet: 'Sheet', section: 'Section' }[page.kind] ?? 'Part'
  return `${kind} ${page.number} of ${count}${page.kind !== 'page' && page.label ? `: ${page.label}` : ''}`
}

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
          <h2 className="preview-heading">{pageHeading(current, preview.page_count)}</h2>
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

type Passage = NonNullable<DocumentDetailData['preview']>['passage']

type Span = { start: number; end: number }

/**
 * The page's text, its tables drawn as tables with their figures grouped for reading, and a cited
 * passage marked and reachable at #passage-{chunk} (no JavaScript needed). In a table the rows the
 * passage spans are marked, or only those the answer took from it when the citation names them (a
 * figure from one row of a CSV marks that row); the cells keep the words the document wrote.
 */
function PageText({ text, passage }: { text: string; passage: Passage }) {
  const blocks = pageBlocks(text)
  const marked: Span[] = passage ? (passage.rows.length ? passage.rows : [passage]) : []
  const markIn = (start: number, end: number) => marked.find((span) => start < span.end && end > span.start)
  const overlaps = (start: number, end: number) => markIn(start, end) !== undefined
  // The first marked element carries the passage's anchor (there is one per passage): a block's or row's start.
  const spans = blocks.flatMap((block): Span[] => (block.kind === 'text' ? [block] : block.rows))
  const anchorAt = spans.find((span) => overlaps(span.start, span.end))?.start
  const anchor = (start: number) =>
    passage && start === anchorAt ? { id: `passage-${passage.chunk_id}`, tabIndex: -1 } : {}
  const tableNumbers = new Map(
    blocks.filter((block) => block.kind === 'table').map((block, index) => [block, index + 1] as const),
  )
  return (
    <>
      {blocks.map((block) => {
        if (block.kind === 'text')
          return (
            <TextBlock
              key={block.start}
              text={text}
              block={block}
              span={markIn(block.start, block.end)}
              anchor={anchor(block.start)}
            />
          )
        const [first, ...rest] = block.rows
        const headed = first!.cells.every((cell) => !/^[-$€£(]?[\d.,]+%?\)?$/.test(cell))
        const rowProps = (row: { start: number; end: number }) =>
          overlaps(row.start, row.end) ? { className: 'cited-passage', ...anchor(row.start) } : {}
        return (
          <div
            key={first!.start}
            className="table-scroll preview-table"
            role="region"
            tabIndex={0}
            aria-label={`Table ${tableNumbers.get(block)}`}
          >
            <table>
              {headed ? (
                <thead>
                  <tr {...rowProps(first!)}>
                    {first!.cells.map((cell, index) => (
                      <th key={index} scope="col">
                        {cell}
                      </th>
                    ))}
                  </tr>
                </thead>
              ) : null}
              <tbody>
                {(headed ? rest : block.rows).map((row) => (
                  <tr key={row.start} {...rowProps(row)}>
                    {row.cells.map((cell, index) => (
                      <td key={index}>{readableCell(cell, headed ? (first!.cells[index] ?? '') : '')}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      })}
    </>
  )
}

/** Prose of the page, the part of the marked span it holds marked. */
function TextBlock({
  text,
  block,
  span,
  anchor,
}: {
  text: string
  block: Span
  span: Span | undefined
  anchor: { id?: string; tabIndex?: number }
}) {
  const { start, end } = block
  if (!span) return <div>{text.slice(start, end)}</div>
  const from = Math.max(start, span.start)
  const to = Math.min(end, span.end)
  return (
    <div>
      {text.slice(start, from)}
      <mark className="cited-passage" {...anchor}>
        {text.slice(from, to)}
      </mark>
      {text.slice(to, end)}
    </div>
  )
}
