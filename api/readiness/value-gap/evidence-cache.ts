import { keptResults } from '../../kernel/kept-results'
import type { ValueEvidence } from './evidence'

// Organizations whose value-gap evidence a process keeps (a few kilobytes each), for the day it was read.
const KEPT_ORGANIZATIONS = 500

/**
 * The value gap's evidence a process keeps, by organization, search generation and day, as the
 * assessment keeps its proposals (decision 057): what it reads (facts, their documents' titles and
 * pages, the passages they are linked to) raises the search generation when it changes, and the
 * latest year that counts as reported is the day's. Never changed once kept (decision 081).
 */
export const createValueEvidenceCache = () => keptResults<ValueEvidence>({ max: KEPT_ORGANIZATIONS })
export type ValueEvidenceCache = ReturnType<typeof createValueEvidenceCache>

declare module '../../kernel/context' {
  interface Deps {
    valueEvidence: ValueEvidenceCache
  }
}
