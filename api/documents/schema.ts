import { z } from 'zod'

import { MAX_TAG_LENGTH, tagTooLong } from '../../shared/categories'
import { MAX_ID } from '../../shared/ids'
import { PROCESSING_STATUSES, type ProcessingStatus } from '../db/schema'

const text = (max: number) =>
  z
    .string({ invalid_type_error: 'Not a valid string.' })
    .trim()
    .max(max, `Ensure this field has no more than ${max} characters.`)

export const ListDocumentsSchema = z.object({
  /** One status or several, comma-separated (the Processing filter sends pending,processing). */
  status: text(200)
    .optional()
    .transform((value) =>
      value
        ? value
            .split(',')
            .map((status) => status.trim())
            .filter(Boolean)
        : [],
    )
    .refine(
      (statuses) => statuses.every((status) => (PROCESSING_STATUSES as readonly string[]).includes(status)),
      'Unknown status.',
    )
    .transform((statuses) => statuses as ProcessingStatus[]),
  category: text(100).optional(),
  search: text(200).optional(),
  page: z.coerce.number().int().min(1).max(MAX_ID).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
})

/**
 * What to do with a file the organization already holds. `keep` is the default, so a client of the
 * spec's contract that says nothing still gets its document (the answer names the duplicate); `ask`
 * stores no document for it and answers a token to settle it with later (docs/ingestion.md).
 */
export const ON_DUPLICATE = ['keep', 'skip', 'new_version', 'ask'] as const
export type OnDuplicate = (typeof ON_DUPLICATE)[number]
export type DuplicateChoice = Exclude<OnDuplicate, 'ask'>

const choiceOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { errorMap: () => ({ message: `Choose one of: ${values.join(', ')}.` }) })

export const UploadFieldsSchema = z.object({
  title: text(255).optional(),
  description: text(5000).default(''),
  category: text(100).default(''),
  on_duplicate: choiceOf(ON_DUPLICATE).default('keep'),
})

/** POST /documents/resolve_duplicates/: a choice for each file an upload held back with `ask`. */
export const ResolveDuplicatesSchema = z
  .object({
    choices: z
      .array(
        z
          .object({
            token: z.string({ required_error: 'This field is required.' }).max(2000),
            on_duplicate: choiceOf(['keep', 'skip', 'new_version'] as const),
            title: text(255).optional(),
            description: text(5000).default(''),
            category: text(100).default(''),
          })
          .strict('Unknown field.'),
        { required_error: 'This field is required.', invalid_type_error: 'Expected a list of choices.' },
      )
      .min(1, 'Make a choice for at least one file.')
      .max(100, 'Ensure this list has no more than 100 choices.'),
  })
  .strict('Unknown field.')

/** Tags and categories: blank or duplicate values are ignored (spec §5). */
const tagList = z
  .array(
    z.string({ invalid_type_error: 'Not a valid string.' }).refine(
      (tag) => [...tag.trim()].length <= MAX_TAG_LENGTH,
      (tag) => ({ message: tagTooLong(tag.trim()) }),
    ),
    { invalid_type_error: 'Expected a list of strings.' },
  )
  .max(50, 'Ensure this field has no more than 50 tags.')
  .transform((tags) => {
    const seen = new Set<string>()
    return tags
      .map((tag) => tag.trim())
      .filter((tag) => {
        const key = tag.toLowerCase()
        if (!tag || seen.has(key)) return false
        seen.add(key)
        return true
      })
  })

export const UpdateDocumentSchema = z
  .object({
    title: text(255).min(1, 'Please enter a document title').optional(),
    description: text(5000).optional(),
    category: text(100).optional(),
    tags: tagList.optional(),
  })
  .strict('Only title, description, category and tags can be changed.')

const versionId = z.coerce
  .number({ invalid_type_error: 'Choose two versions.' })
  .int()
  .positive()
  .max(MAX_ID, 'Choose two versions.')

export const CompareSchema = z.object({ from: versionId, to: versionId })
