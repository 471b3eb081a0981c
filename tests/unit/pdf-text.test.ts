import { readFileSync } from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { extractPdf } from '../../api/ingest/extractors/pdf'
import { pageText, type TextItem } from '../../api/ingest/extractors/pdf-text'

/** A text item as pdf.js gives it: drawn at (x, y) in a font of `size` points. */
const item = (str: string, x: number, y: number, { size = 10, eol = false } = {}): TextItem => ({
  str,
  hasEOL: eol,
  transform: [size, 0, 0, size, x, y],
  width: str.length * size * 0.5,
  height: size,
})

describe('PDF page text', () => {
  it('keeps prose as lines, with a space where a gap separates two items of a line', () => {
    const text = pageText([
      item('The buyer', 72, 700),
      item('pays', 122, 700, { eol: true }),
      item('in cash at closing.', 72, 688),
    ])
    expect(text).toBe('The buyer pays\nin cash at closing.')
  })

  it('writes aligned columns holding figures as rows of cells, right-aligned figures included', () => {
    // Right-aligned figures start at different places; a group label spans both figure columns.
    const text = pageText([
      item('Balance sheet', 72, 720, { eol: true }),
      item('December 31,', 200, 700, { eol: true }),
      item('Line item', 72, 688),
      item('2024', 200, 688),
      item('2025', 260, 688, { eol: true }),
      item('Cash', 72, 676),
      item('412,000', 190, 676),
      item('538,000', 250, 676, { eol: true }),
      item('Term loan', 72, 664),
      item('(1,050)', 190, 664),
      item('90', 265, 664, { eol: true }),
      item('All figures are audited.', 72, 640),
    ])
    expect(text.split('\n')).toEqual([
      'Balance sheet',
      'December 31,',
      'Line item | 2024 | 2025',
      'Cash | 412,000 | 538,000',
      'Term loan | (1,050) | 90',
      'All figures are audited.',
    ])
  })

  it('leaves two columns of prose as they were: a table needs figures', () => {
    const text = pageText([
      item('The founder', 72, 700),
      item('The buyer', 320, 700, { eol: true }),
      item('stays on.', 72, 688),
      item('pays cash.', 320, 688, { eol: true }),
    ])
    expect(text).not.toContain('|')
  })

  it('reads the rows and columns of a drawn PDF table, years down its first column', async () => {
    const bytes = new Uint8Array(
      readFileSync(path.resolve(import.meta.dirname, '../../../shared/corpus/advisor-dev/company-overview.pdf')),
    )
    const { pages } = await extractPdf(bytes, { maxChars: 100_000 })
    const lines = pages.flatMap((page) => page.text.split('\n'))
    expect(lines).toContain('Wholesale | 4,842,000')
    expect(lines).toContain('2024 | 8,240 | 1,359 | 356 | (22)')
    expect(lines.filter((line) => line.includes(' | '))).toHaveLength(10)
  })
})
