import { describe, expect, it } from 'vitest'

import { breakLongWords } from '../../api/exports/pdf-lines'
import { MAX_TASKS } from '../../shared/actions'
import {
  boundedTable,
  MAX_TABLE_CELL_CHARS,
  MAX_TABLE_CELLS,
  MAX_TABLE_COLUMNS,
  tableCutNote,
} from '../../shared/table-bounds'
import { planAtLimits, WIDE_TABLE_COLUMNS, WIDE_TABLE_ROWS } from '../support/rendering-shapes'

const planTable = () => {
  const table = planAtLimits().blocks.find((block) => block.kind === 'table')
  if (table?.kind !== 'table') throw new Error('The plan has a table.')
  return table
}

describe('the bounds of a drawn table (issue 43)', () => {
  it("keep the product's widest table whole: the action plan at MAX_TASKS tasks of the longest titles", () => {
    const { header, rows } = planTable()
    expect(rows).toHaveLength(MAX_TASKS)
    const bounded = boundedTable(header, rows)
    expect(bounded.note).toBeNull()
    expect(bounded.header).toEqual(header)
    expect(bounded.rows).toEqual(rows)
  })

  it('keep the rows and columns within the bounds, padding only the rows kept, and say what was cut', () => {
    const header = Array.from({ length: WIDE_TABLE_COLUMNS }, (_, index) => `h${index}`)
    const rows = Array.from({ length: WIDE_TABLE_ROWS }, (_, index) => [`r${index}`])
    const bounded = boundedTable(header, rows)
    const keptRows = MAX_TABLE_CELLS / MAX_TABLE_COLUMNS
    expect(bounded.header).toEqual(header.slice(0, MAX_TABLE_COLUMNS))
    expect(bounded.rows).toHaveLength(keptRows)
    expect(bounded.rows.every((row) => row.length === MAX_TABLE_COLUMNS)).toBe(true)
    expect(bounded.rows[keptRows - 1]).toEqual([`r${keptRows - 1}`, ...Array(MAX_TABLE_COLUMNS - 1).fill('')])
    expect(bounded.note).toBe(`Table cut to 40 of 1,000 columns and 100 of 1,998 rows.`)
  })

  it('keep more rows of a narrower table, as many as the cells allow', () => {
    const rows = Array.from({ length: 5_000 }, () => ['a', 'b', 'c', 'd', 'e'])
    const bounded = boundedTable(['A', 'B', 'C', 'D', 'E'], rows)
    expect(bounded.rows).toHaveLength(MAX_TABLE_CELLS / 5)
    expect(bounded.note).toBe('Table cut to 800 of 5,000 rows.')
  })

  it('end a cell cut to its first characters with "…", never between the halves of a character', () => {
    const word = 'x'.repeat(7_800)
    const emoji = `${'y'.repeat(MAX_TABLE_CELL_CHARS - 1)}😀z`
    const bounded = boundedTable(['Word', 'Emoji', 'Short'], [[word, emoji, 'kept']])
    expect(bounded.rows[0]![0]).toBe(`${'x'.repeat(MAX_TABLE_CELL_CHARS)}…`)
    expect(bounded.rows[0]![1]).toBe(`${'y'.repeat(MAX_TABLE_CELL_CHARS - 1)}…`)
    expect(bounded.rows[0]![2]).toBe('kept')
    expect(bounded.note).toBe('2 cells cut to 1,000 characters.')
  })

  it('give a table of no cells one empty column, so that every row drawn has a cell', () => {
    expect(boundedTable([], [[], []])).toEqual({ header: [], rows: [[''], ['']], columns: 1, note: null })
  })

  it('say both cuts in one note', () => {
    expect(tableCutNote({ columns: 41, rows: 10, keptColumns: 40, keptRows: 10, cutCells: 1 })).toBe(
      'Table cut to 40 of 41 columns. 1 cell cut to 1,000 characters.',
    )
  })
})

describe('long words in the PDF (issue 43, finding 1)', () => {
  // A font of one width per character, counting how often it is asked.
  const measuring = (charWidth: number) => {
    let calls = 0
    return {
      measure: (text: string) => {
        calls++
        return text.length * charWidth
      },
      calls: () => calls,
    }
  }

  it('are broken into pieces that fit, one per line, and lose no character', () => {
    const font = measuring(5)
    const text = `short words stay ${'x'.repeat(7_800)} and so do these`
    const broken = breakLongWords(text, 60, font.measure)
    const [before, word, ...after] = broken.split(/ (?=x)| (?=and)/)
    expect([before, after.join(' ')]).toEqual(['short words stay', 'and so do these'])
    const pieces = word!.split('\n')
    expect(pieces).toHaveLength(650)
    expect(pieces.every((piece) => piece === 'x'.repeat(12))).toBe(true)
    expect(broken.replace(/\n/g, '')).toBe(text)
  })

  it('are measured a bounded number of times per character, not again for every line they fill', () => {
    const font = measuring(5)
    breakLongWords('x'.repeat(7_800), 16, font.measure)
    // The word once whole, then each distinct character and pair once: pdfkit measured what was
    // left of the word again for each of its 2,600 lines, some ten million characters.
    expect(font.calls()).toBeLessThan(10)
  })

  it('leave a word that fits, and one-character pieces where no character fits', () => {
    expect(breakLongWords('fits', 100, (text) => text.length * 5)).toBe('fits')
    expect(breakLongWords('WWW', 4, (text) => text.length * 5)).toBe('W\nW\nW')
  })
})
