import { extractiveAnswers } from '../../../api/ai/answers/extractive'
import type { Passage } from '../../../api/ai/retrieval/passage'

/** A retrieved passage of this text, as retrieval hands it to an answer provider. */
export const passage = (text: string, chunkId = 1, documentTitle = `Document ${chunkId}`): Passage => ({
  chunkId,
  documentId: chunkId,
  documentTitle,
  text,
  pageNumber: null,
  sheetName: null,
  score: 0.5,
  lexical: 0.5,
  semantic: 0.5,
})

/** The pieces the extractive provider streams for this question over these passages. */
export async function extractivePieces(question: string, passages: Passage[], searchQuery = question) {
  const written: string[] = []
  for await (const piece of extractiveAnswers().answer(
    { question, searchQuery, history: [], passages },
    new AbortController().signal,
  ))
    written.push(piece)
  return written
}

// A table as TAT-QA passages (and PDF pages) lay it out: a spanning header, then the years.
export const SALES_TABLE = [
  ' |  | Years Ended September 30, | ',
  ' | 2019 | 2018 | 2017',
  'Fixed Price | $  1,452.4 | $  1,146.2 | $  1,036.9',
  'Other | 44.1 | 56.7 | 70.8',
  'Total sales | $1,496.5 | $1,202.9 | $1,107.7',
].join('\n')
