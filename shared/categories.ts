/**
 * Spec §9's sample categories: offered in the upload form and the category manager, and what the
 * backend guesses for a document left to it (api/ingest/categories.ts): one of the six topics, or
 * the last three, which name file types, for a document about none of them.
 */
export const SAMPLE_CATEGORIES = [
  'Valuation',
  'Financial',
  'Legal & Tax',
  'Market Analysis',
  'HR & Team',
  'Strategy',
  'PDF Documents',
  'Word Documents',
  'Spreadsheets',
] as const

export type SampleCategory = (typeof SAMPLE_CATEGORIES)[number]

/** The longest tag a document takes: longer ones are refused with a message, never cut. */
export const MAX_TAG_LENGTH = 50

export const tagTooLong = (tag: string) =>
  `A tag can have at most ${MAX_TAG_LENGTH} characters; this one has ${[...tag].length}.`
