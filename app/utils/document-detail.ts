import type {
  DocumentInsightsPayload,
  DocumentPayload,
  DocumentTextPayload,
  RelatedDocumentPayload,
  VersionComparisonPayload,
  VersionPayload,
} from '#api/documents/contract'

import type { AnalysisOutcome } from './analysis'

export const DOCUMENT_TABS = ['preview', 'metadata', 'analysis', 'versions'] as const
export type DocumentTab = (typeof DOCUMENT_TABS)[number]

/**
 * Everything the document panel shows for one tab, the page at /documents/{id} and the overlay
 * alike. It is written out rather than taken from the loader so the components that show it need
 * no server module; a loader returning something else fails the type check.
 */
export interface DocumentDetailData {
  document: DocumentPayload
  tab: DocumentTab
  canEdit: boolean
  canAnalyze: boolean
  /** The open page's text, on the preview tab of a processed document. */
  preview: DocumentTextPayload | null
  insights: DocumentInsightsPayload | null
  versions: VersionPayload[] | null
  comparison: VersionComparisonPayload | null
  compareError: string | null
  categories: string[]
  related: RelatedDocumentPayload[]
  analysis: AnalysisOutcome | null
  /** The server's clock, so relative times render the same on both sides. */
  now: number
}
