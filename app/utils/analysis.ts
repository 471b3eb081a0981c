/**
 * The analysis results as the pages read them (client-safe). The service checks each body against
 * the contract's schema (app/services/analysis.server.ts) before a page sees it.
 */

import type { AnalysisPayload, AnalysisSource } from '#api/analysis/contract'
import {
  ANALYSIS_TITLES,
  ANALYSIS_TYPES as TYPES,
  type AnalysisType,
  RISK_LEVELS,
  type RiskLevel,
} from '#shared/analysis'
import type { ExportFormat } from '~/utils/export-formats'

export { type AnalysisType, RISK_LEVELS, type RiskLevel }

/** Spec §2 "Analysis page": the four choices, in the order shown, with their labels. */
export const ANALYSIS_TYPES = TYPES.map((value) => ({ value, label: ANALYSIS_TITLES[value] }))

/** Spec §8, for the page's two error states (the documents, the analysis). */
export const ANALYSIS_FAILED = 'Failed to perform analysis'
export const DOCUMENTS_FAILED = 'Failed to load documents'

export const DEFAULT_ANALYSIS_TYPE: AnalysisType = 'summary'

export const isAnalysisType = (value: unknown): value is AnalysisType => (TYPES as readonly unknown[]).includes(value)

export type { AnalysisSource }

/** One analysis as the backend sends it, and each type's own shape. */
export type AnalysisResult = AnalysisPayload
export type SummaryResult = Extract<AnalysisPayload, { type: 'summary' }>
export type FindingsResult = Extract<AnalysisPayload, { type: 'key-findings' }>
export type RisksResult = Extract<AnalysisPayload, { type: 'risks' }>
export type RecommendationsResult = Extract<AnalysisPayload, { type: 'recommendations' }>

/** A run that gave no result: the spec's message, and the backend's reason when it gave one. */
export interface AnalysisError {
  message: string
  detail: string | null
  /** The page's answer: 404 (no such document), 409 (not processed yet) or 502. */
  status: number
}

/** What a run of one analysis type came to. */
export type AnalysisOutcome =
  | { type: AnalysisType; result: AnalysisResult; error: null }
  | { type: AnalysisType; result: null; error: AnalysisError }

/** The page of /analysis that shows (and with `run`, runs) one analysis of one document. */
export function analysisHref(documentId: number, type: AnalysisType = DEFAULT_ANALYSIS_TYPE, run = false) {
  const params = new URLSearchParams({ document: String(documentId) })
  if (type !== DEFAULT_ANALYSIS_TYPE || run) params.set('type', type)
  if (run) params.set('run', '1')
  return `/analysis?${params}`
}

/** One analysis as a file (resources.analysis.export.ts): PDF or Word for the client, Markdown for notes. */
export const exportHref = (documentId: number, type: AnalysisType, format: ExportFormat = 'md') =>
  `/resources/analysis/export?${new URLSearchParams({ document: String(documentId), type, ...(format === 'md' ? {} : { format }) })}`
