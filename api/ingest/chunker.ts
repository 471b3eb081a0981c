import type { ExtractedPage } from '../ai/text/pages'
import { sentencePieces } from '../ai/text/sentences'

export interface Chunk {
  index: number
  /** 1-based position of the page the chunk comes from (its page number for PDFs). */
  pageIndex: number
  text: string
  tokenCount: number
}

export interface ChunkSizes {
  /** A chunk is closed at the first sentence end past this many characters. */
  target: number
  /** No chunk grows past this; a longer sentence is cut at a word boundary. */
  max: number
  /** The previous chunk's last sentence is repeated when it is at most this long. */
  overlap: number
}

// ~150-250 English words: long enough to hold a fact with its context, short enough that BM25 and
// averaged word vectors are not diluted by unrelated sentences (see docs/ingestion.md).
export const DEFAULT_CHUNK_SIZES: ChunkSizes = { target: 1000, max: 1600, overlap: 240 }

export const countTokens = (text: string) => text.split(/\s+/).filter(Boolean).length

/**
 * Sentences, each ending with its whitespace (the text layer's splitter, which keeps "Dr. Okafor"
 * and "No. 3" whole where ICU's segmenter cut them); pieces longer than `max` are cut at word
 * boundaries. The space to cut at is looked for in the next `max` characters only, so a run with
 * none is cut in time linear in its length.
 */
function sentences(text: string, max: number): string[] {
  const out: string[] = []
  for (const piece of sentencePieces(text)) {
    let from = 0
    while (piece.length - from > max) {
      const space = piece.slice(from, from + max).lastIndexOf(' ')
      const at = from + (space > max / 2 ? space + 1 : max)
      out.push(piece.slice(from, at))
      from = at
    }
    if (from < piece.length) out.push(piece.slice(from))
  }
  return out
}

/** Table pages split on rows, never inside one, so every chunk holds whole records. */
function units(page: ExtractedPage, max: number): string[] {
  if (page.header !== undefined) {
    const rows = page.text.split('\n')
    return rows.flatMap((row, index) => sentences(index < rows.length - 1 ? `${row}\n` : row, max))
  }
  return sentences(page.text, max)
}

/**
 * Cuts pages into retrieval chunks at sentence (or table row) boundaries, never across pages, so
 * each chunk keeps its page number or sheet name. Table chunks repeat the header row.
 */
export function chunkPages(pages: ExtractedPage[], sizes: ChunkSizes = DEFAULT_CHUNK_SIZES): Chunk[] {
  const chunks: Chunk[] = []
  pages.forEach((page, position) => {
    if (!page.text.trim()) return
    const isTable = page.header !== undefined
    const prefix = isTable ? `${page.kind === 'sheet' && page.label ? `${page.label}\n` : ''}${page.header}\n` : ''
    let current = ''
    // Whether `current` holds words of its own, past the last sentence of the chunk before that it
    // repeats. Asked of `current.trim()` for every piece, a run of whitespace (U+1680 passed the
    // cleaning until issue 30) was scanned again per piece and grew, as a chunk of whitespace alone
    // was never closed: 3,000,000 characters took minutes. Asked of `current !== lastSentence` at
    // the end, it lost a page's last sentence whenever the chunk before repeated none.
    let fresh = false
    let lastSentence = ''
    let firstOfPage = true
    const close = () => {
      if (fresh) {
        const body = current.trim()
        const text = isTable && !firstOfPage ? `${prefix}${body}` : body
        firstOfPage = false
        chunks.push({ index: chunks.length, pageIndex: position + 1, text, tokenCount: countTokens(text) })
      }
      current = fresh && !isTable && lastSentence.length <= sizes.overlap ? lastSentence : ''
      fresh = false
    }
    for (const sentence of units(page, sizes.max)) {
      if (current.length + sentence.length > sizes.max) close()
      // The sentence repeated from the chunk before leaves no room for this one: it goes.
      if (current.length + sentence.length > sizes.max) current = ''
      current += sentence
      fresh ||= /\S/.test(sentence)
      lastSentence = sentence
      if (current.length >= sizes.target) close()
    }
    close()
  })
  return chunks
}
