import { z } from 'zod'

import { ANALYSIS_TYPES } from '../../shared/analysis'
import { MAX_ID } from '../../shared/ids'
import { EXPORT_FORMATS, ReportTimeZoneSchema } from '../exports/formats'

const REQUIRED = 'This field is required.'
const DOCUMENT_ID = 'A valid document id is required.'
const CHOOSE_TYPE = `Choose one of: ${ANALYSIS_TYPES.join(', ')}.`

const type = z.enum(ANALYSIS_TYPES, {
  errorMap: (issue, context) => ({
    message: issue.code === 'invalid_type' && context.data === undefined ? REQUIRED : CHOOSE_TYPE,
  }),
})

/** POST /api/analysis/: which document to analyse, and how (spec §2 "Analysis page"). */
export const AnalysisRequestSchema = z
  .object({
    document_id: z
      .number({ required_error: REQUIRED, invalid_type_error: DOCUMENT_ID })
      .int(DOCUMENT_ID)
      .positive(DOCUMENT_ID)
      .max(MAX_ID, DOCUMENT_ID),
    type,
  })
  .strict('Unknown field.')

/** GET /api/analysis/export/?document_id=N&type=T: the same, in the query string. */
export const AnalysisExportSchema = z.object({
  document_id: z
    .string({ required_error: REQUIRED })
    .regex(/^\d{1,10}$/, DOCUMENT_ID)
    .transform(Number)
    .refine((id) => id > 0 && id <= MAX_ID, DOCUMENT_ID),
  type,
  format: z
    .enum(['md', ...EXPORT_FORMATS], { errorMap: () => ({ message: 'Choose a format: md, pdf or docx.' }) })
    .default('md'),
  time_zone: ReportTimeZoneSchema,
})

export type AnalysisRequest = z.infer<typeof AnalysisRequestSchema>
