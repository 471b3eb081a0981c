import { cellAnchor } from '#shared/cells'
import { readableCell } from '#shared/figures'
import type { DocumentDetailData } from '~/utils/document-detail'

type CitedCell = NonNullable<NonNullable<DocumentDetailData['preview']>['cell']>

/**
 * The table a computed answer read, drawn from its chunk with the cited cell highlighted: outlined
 * and marked (not by colour alone), `aria-current`, and said in words. The cell's id is the chat
 * link's fragment, so the browser scrolls to it with or without JavaScript.
 */
export function CitedTable({ cell }: { cell: CitedCell }) {
  const { rows, header_rows: headerRows, chunk_id: chunkId } = cell
  const width = Math.max(...rows.map((row) => row.length))
  const columnLabelOf = (column: number) =>
    rows
      .slice(0, headerRows)
      .map((row) => row[column])
      .filter(Boolean)
      .join(' ')
  // Figures grouped for reading as the document's preview shows them (issue 47 item 13); a column
  // or row of identifiers keeps its digits as written.
  const shown = (text: string, row: number, column: number) =>
    row < headerRows || column === 0 ? text : readableCell(text, columnLabelOf(column), rows[row]?.[0] ?? '')
  const cited = shown(rows[cell.row]?.[cell.column] ?? '', cell.row, cell.column)
  const rowLabel = cell.row >= headerRows ? rows[cell.row]![0] : ''
  const columnLabel = columnLabelOf(cell.column)

  const cellOf = (written: string, row: number, column: number) => {
    const key = `${row}-${column}`
    const text = shown(written, row, column)
    const header = row < headerRows || column === 0
    if (row === cell.row && column === cell.column) {
      const Tag = header ? 'th' : 'td'
      return (
        <Tag key={key} id={cellAnchor(chunkId, cell)} className="cited-cell" aria-current="true" tabIndex={-1}>
          <mark>{text}</mark>
          <span className="visually-hidden"> (cited cell)</span>
        </Tag>
      )
    }
    // An empty corner is a data cell: a header must name something.
    if (!header || !text) return <td key={key}>{text}</td>
    return (
      <th key={key} scope={row < headerRows ? 'col' : 'row'}>
        {text}
      </th>
    )
  }
  const rowOf = (row: string[], index: number) => (
    <tr key={index}>{Array.from({ length: width }, (_, column) => cellOf(row[column] ?? '', index, column))}</tr>
  )

  return (
    <section className="cited-table" aria-labelledby="cited-table-title">
      <h3 id="cited-table-title" className="cited-table-title">
        Cited cell: {[rowLabel, columnLabel].filter(Boolean).join(', ') || 'in this table'}
        {cited ? <> = {cited}</> : null}
      </h3>
      {cell.caption ? <p className="muted cited-table-caption">{cell.caption}</p> : null}
      <div className="table-scroll" role="region" tabIndex={0} aria-label="Cited table">
        <table>
          {headerRows ? <thead>{rows.slice(0, headerRows).map(rowOf)}</thead> : null}
          <tbody>{rows.slice(headerRows).map((row, index) => rowOf(row, index + headerRows))}</tbody>
        </table>
      </div>
    </section>
  )
}
