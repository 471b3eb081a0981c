import { z } from 'zod'

import { MAX_ID } from '../../shared/ids'

/** `?page=N` (and `page_size`, as the other lists take); past the last page a page is simply empty. */
export const AuditQuerySchema = z.object({
  page: z.coerce
    .number({ invalid_type_error: 'A valid integer is required.' })
    .int('A valid integer is required.')
    .min(1, 'Ensure this value is greater than or equal to 1.')
    .max(MAX_ID, `Ensure this value is less than or equal to ${MAX_ID}.`)
    .default(1),
  page_size: z.coerce
    .number({ invalid_type_error: 'A valid integer is required.' })
    .int('A valid integer is required.')
    .min(1, 'Ensure this value is greater than or equal to 1.')
    .max(100, 'Ensure this value is less than or equal to 100.')
    .default(20),
})
