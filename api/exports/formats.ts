import { z } from 'zod'

import { ReaderQuerySchema } from '../kernel/validation'

export const EXPORT_FORMATS = ['pdf', 'docx'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

/** `?time_zone=`: the zone a report's dates are written in, the reader's; UTC when not given. */
export const ReportTimeZoneSchema = ReaderQuerySchema.shape.time_zone

/** `?format=pdf|docx`: the client-ready formats every export offers. */
export const ExportQuerySchema = z.object({
  format: z.enum(EXPORT_FORMATS, { errorMap: () => ({ message: 'Choose a format: pdf or docx.' }) }),
  time_zone: ReportTimeZoneSchema,
})

export type ExportQuery = z.infer<typeof ExportQuerySchema>
