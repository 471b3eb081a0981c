import { cellAnchor } from '#shared/cells'
import type { DocumentDetailData } from '~/handlers/document-detail.server'

type CitedCell = NonNullable<NonNullable<DocumentDetailData['preview']>['cell']>

/**
 * The table a computed answer read, drawn from its chunk with the cited cell highlighted: outlined
 * and marked (not by colour alone), `aria-current`, and said in words. The cell's id is the chat
 * link's fragment, so the browser scrolls to it with or without JavaScript.
 */
export function CitedTable({ cell }: { cell: CitedCell }) {
  const { rows, header_rows: headerRows, chunk_id: chunkId } = cell
  const width = Math.max(...rows.map((row) => row.length))
  const cited = rows[cell.row]?.[cell.column] ?? ''
  const rowLabel = cell.row >= headerRows ? rows[cell.row]![0] : ''
  const columnLabel = rows
    .slice(0, headerRows)
    .map((row) => row[cell.column])
    .filter(Boolean)
    .join(' ')

  const cellOf = (text: string, row: number, column: number) => {
    const key = `${row}-${column}`
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
