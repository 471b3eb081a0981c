import type { StoredFact } from '../../api/facts/organization-facts'
import { readFacts } from '../../api/facts/read-facts'

/** A one-page document's facts, as ingestion stores them and a readiness page reads them. */
export const documentFacts = (documentId: number, title: string, text: string): StoredFact[] =>
  readFacts([{ kind: 'section', label: null, text }]).map((fact) => ({
    ...fact,
    documentId,
    title,
    place: { kind: 'section', label: null },
  }))
