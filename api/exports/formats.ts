import { z } from 'zod'

export const EXPORT_FORMATS = ['pdf', 'docx'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

/** `?format=pdf|docx`: the client-ready formats every export offers. */
export const ExportQuerySchema = z.object({
  format: z.enum(EXPORT_FORMATS, { errorMap: () => ({ message: 'Choose a format: pdf or docx.' }) }),
})
