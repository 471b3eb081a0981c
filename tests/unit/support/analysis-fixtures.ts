import { readFileSync } from 'node:fs'
import path from 'node:path'

import type { AnalysisInput } from '../../../api/ai/analysis/types'
import type { FileType } from '../../../api/db/schema'
import { chunkPages } from '../../../api/ingest/chunker'
import { extractText } from '../../../api/ingest/extract-text'

export const ANALYSIS_FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/analysis')

/** A day after every fixture's own date, for documents that give none. */
export const UPLOADED_AT = new Date('2025-04-15T09:00:00Z')

/**
 * A fixture as the analysis reads it after processing: extracted and chunked by the real pipeline,
 * chunk ids counting from `firstId`, page numbers and sheet names as processing stores them.
 */
export async function fixtureInput(name: string, firstId = 1): Promise<AnalysisInput> {
  const bytes = new Uint8Array(readFileSync(path.join(ANALYSIS_FIXTURES, name)))
  const type = path.extname(name).slice(1) as FileType
  const { pages } = await extractText(type, bytes, { maxChars: 3_000_000, maxUnpackedBytes: 64 * 2 ** 20 })
  const chunks = chunkPages(pages).map((chunk) => {
    const page = pages[chunk.pageIndex - 1]!
    return {
      id: firstId + chunk.index,
      text: chunk.text,
      pageNumber: page.kind === 'page' ? chunk.pageIndex : null,
      sheetName: page.kind === 'sheet' ? page.label : null,
    }
  })
  return {
    title: path.basename(name, path.extname(name)).replace(/-/g, ' '),
    chunks,
    tableHeaders: pages.flatMap((page) => (page.header ? [page.header] : [])),
    uploadedAt: UPLOADED_AT,
  }
}
