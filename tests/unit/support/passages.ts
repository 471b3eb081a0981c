import type { Passage } from '../../../api/ai/retrieval/hybrid'

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
