import { z } from 'zod'

import { MAX_ID } from '../../shared/ids'
import { SEARCH_MODES } from '../ai/retrieval/passage'

export const MAX_TOP_K = 50
const EMPTY_QUERY = 'Please enter a search query'

/** POST /api/search/: the spec's {query, top_k}, plus an optional ranking mode and document filter. */
export const SearchSchema = z
  .object({
    query: z
      .string({ required_error: EMPTY_QUERY, invalid_type_error: 'A search query must be text.' })
      .trim()
      .min(1, EMPTY_QUERY)
      .max(1000, 'Ensure this field has no more than 1000 characters.'),
    top_k: z
      .number({ invalid_type_error: 'A whole number is required.' })
      .int('A whole number is required.')
      .min(1, 'Ensure this value is greater than or equal to 1.')
      .max(MAX_TOP_K, `Ensure this value is less than or equal to ${MAX_TOP_K}.`)
      .default(5),
    mode: z
      .enum(SEARCH_MODES, { errorMap: () => ({ message: `Choose one of: ${SEARCH_MODES.join(', ')}.` }) })
      .default('hybrid'),
    document_ids: z
      .array(z.number({ invalid_type_error: 'A list of document ids is required.' }).int().positive().max(MAX_ID), {
        invalid_type_error: 'A list of document ids is required.',
      })
      .min(1, 'Name at least one document, or leave document_ids out.')
      .max(1000, 'Ensure this list has no more than 1000 documents.')
      .optional(),
  })
  .strict('Unknown field.')

export type SearchInput = z.infer<typeof SearchSchema>
