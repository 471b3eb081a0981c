import { z } from 'zod'

import { MAX_ID } from '../../shared/ids'
import { queryInteger } from '../kernel/validation'

/** `?page=N` (and `page_size`, as the other lists take); past the last page a page is simply empty. */
export const AuditQuerySchema = z.object({
  page: queryInteger(1, MAX_ID).default(1),
  page_size: queryInteger(1, 100).default(20),
})
