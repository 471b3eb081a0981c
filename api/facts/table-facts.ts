import Decimal from 'decimal.js'

import { parseFigure } from '../ai/tables/table'
import { isCount, measureKeyOf } from '../ai/text/measures'
import type { ExtractedPage } from '../ai/text/pages'
import { type Grid, gridsOf, isFigureCell } from './grids'
import { type Layout, layoutOf } from './table-layout'
import type { Fact } from './types'

/** Every figure of every table of a document's pages, as facts. `pages[i]` is document page position i + 1. */
export function tableFacts(pages: ExtractedPage[]): Fact[] {
  return pages.flatMap((page, index) =>
    gridsOf(page.text).flatMap((grid) => gridFacts(grid, layoutOf(grid, page.label), index + 1)),
  )
}

// A row totalling a table's entities: "Total", "Totals", "Grand total", "Total sales".
const TOTAL = /^\s*(?:grand\s+)?totals?\b/i

// A column of shares written as fractions ("0.123" under "%"): no share is above 100%, so a column
// whose every figure is at most 1 is read as fractions and its values as percents (12.3).
const MAX_FRACTION = 1

function gridFacts(grid: Grid, layout: Layout, page: number): Fact[] {
  const facts: Fact[] = []
  const body = grid.rows.filter((row) => !row.section)
  const fractions = layout.columns.map(
    (column, index) =>
      column.kind === 'percent' &&
      body.every((row) => {
        const figure = parseFigure(row.cells[index] ?? '')
        return !figure || (figure.unit !== '%' && figure.value.abs().lte(MAX_FRACTION))
      }),
  )
  // A row's label is the measure of each of its figures: read once, however many figures it has.
  const measures = new Map<string, { key: string | null; count: boolean }>()
  const measureOf = (measure: string) => {
    if (!measures.has(measure)) measures.set(measure, { key: measureKeyOf(measure), count: isCount(measure) })
    return measures.get(measure)!
  }
  for (const row of body) {
    for (let column = 1; column < row.cells.length; column++) {
      const cell = row.cells[column]!
      if (!isFigureCell(cell) || layout.columns[column]?.kind === 'category') continue
      const place = layout.place(row, column)
      if (!place) continue
      // The total of product lines, segments or rows of no kind, which split the whole business, is
      // the business's figure; a customer list's total is only the customers listed.
      const placed =
        layout.entityKind !== 'customer' && layout.entityKind !== 'add_back' && TOTAL.test(place.entity ?? '')
          ? { ...place, entity: null }
          : place
      const figure = parseFigure(cell)
      const percent = figure?.unit === '%' || layout.columns[column]?.kind === 'percent'
      const measure = measureOf(placed.measure)
      const count = !percent && measure.count
      const scale = percent || count ? 1 : layout.scaleOf(column)
      let value = figure?.value ?? new Decimal(0)
      if (fractions[column] && figure?.unit !== '%') value = value.times(100)
      facts.push({
        kind: 'cell',
        measure: placed.measure,
        measureKey: percent || placed.composite ? null : measure.key,
        entity: placed.entity,
        entityKind: placed.entity ? layout.entityKind : null,
        period: placed.period,
        value: value.times(scale).toFixed(),
        // Owners' tables are in dollars unless a cell names another currency or the figure is a share or a count.
        unit: percent ? '%' : count ? null : (figure?.unit ?? '$'),
        scale,
        source: { page, row: row.index, column, quote: row.quote },
      })
    }
  }
  return facts
}
