import { z } from 'zod'

import { ANALYSIS_BODY_SCHEMAS, ANALYSIS_GENERATORS, type AnalysisType, type Source } from '../../shared/analysis'

// The response body of the analysis API, declared once: the payload function writes it, the web
// tier's client checks what it is sent against it. Only zod and shared/, so the web tier may load it.

const header = <T extends AnalysisType>(type: T) =>
  z.object({
    document_id: z.number(),
    document_title: z.string(),
    version_id: z.number(),
    type: z.literal(type),
    generated_by: z.enum(ANALYSIS_GENERATORS),
    created_at: z.string(),
    /** True when the stored result of an earlier request for this version and type is answered. */
    cached: z.boolean(),
    title: z.string(),
  })

/**
 * Spec §3 "Analysis results" ({title, content}, {title, findings}, {title, risks}, {title,
 * recommendations}) with every item an object that names its source (docs/decisions/014).
 */
export const AnalysisSchema = z.discriminatedUnion('type', [
  header('summary').merge(ANALYSIS_BODY_SCHEMAS.summary),
  header('key-findings').merge(ANALYSIS_BODY_SCHEMAS['key-findings']),
  header('risks').merge(ANALYSIS_BODY_SCHEMAS.risks),
  header('recommendations').merge(ANALYSIS_BODY_SCHEMAS.recommendations),
])
export type AnalysisPayload = z.infer<typeof AnalysisSchema>
/** The passage an item comes from. */
export type AnalysisSource = Source
