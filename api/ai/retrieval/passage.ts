// What retrieval finds and how it may rank, for the modules that read its results.

export const SEARCH_MODES = ['hybrid', 'lexical', 'vector'] as const
export type SearchMode = (typeof SEARCH_MODES)[number]

export interface Passage {
  chunkId: number
  documentId: number
  documentTitle: string
  text: string
  pageNumber: number | null
  sheetName: string | null
  /**
   * 0..1: in hybrid mode (1 - w) × lexical + w × semantic, where lexical is the BM25-with-phrases
   * score over that of a chunk holding every query term and phrase, and semantic the cosine
   * similarity rescaled so the provider's baseline for unrelated texts is 0.
   */
  score: number
  lexical: number
  semantic: number
}
