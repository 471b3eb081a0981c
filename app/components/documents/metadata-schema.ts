import { z } from 'zod'

/** The Metadata & Tags details form, validated the same way in the browser and in the action. */
export const MetadataSchema = z.object({
  title: z
    .string({ required_error: 'Please enter a document title' })
    .trim()
    .min(1, 'Please enter a document title')
    .max(255),
  category: z.string().trim().max(100).optional(),
  new_category: z.string().trim().max(100).optional(),
  description: z.string().trim().max(5000).optional(),
})
