/** Spec §9: bytes under 1024, else KB to one decimal, else MB to one decimal. */
export function formatSize(bytes: number) {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

/** Cuts a title at `length` characters with an ellipsis (30 in lists, 40 in the preview header). */
export const truncate = (text: string, length: number) => (text.length > length ? `${text.slice(0, length)}...` : text)

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
]

// Made once: building an Intl formatter costs more than a page's worth of formatting with it. Its
// phrases are kept too (a list says "3 hours ago" many times; each is 1% of a page of documents'
// CPU), up to a bound: the years a date can be off by are not.
const relativeFormat = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' })
const phrases = new Map<string, string>()
const PHRASES_KEPT = 1000

function phrase(value: number, unit: Intl.RelativeTimeFormatUnit) {
  const key = `${value} ${unit}`
  let text = phrases.get(key)
  if (text === undefined) {
    if (phrases.size >= PHRASES_KEPT) phrases.clear()
    text = relativeFormat.format(value, unit)
    phrases.set(key, text)
  }
  return text
}

/** "3 hours ago", relative to `now` (passed in so server and browser render the same text). */
export function relativeTime(iso: string, now: number) {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000)
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return phrase(Math.round(seconds / size), unit)
  }
  return 'just now'
}

export const STATUS_LABELS = {
  pending: 'Pending',
  processing: 'Processing',
  processed: 'Processed',
  failed: 'Failed',
} as const

/** The family a file type's icon is coloured by (spec §2: pdf, word, excel, generic). */
export function fileIconKind(fileType: string): 'pdf' | 'word' | 'excel' | 'generic' {
  if (fileType === 'pdf') return 'pdf'
  if (fileType === 'doc' || fileType === 'docx') return 'word'
  if (fileType === 'xls' || fileType === 'xlsx' || fileType === 'csv') return 'excel'
  return 'generic'
}

export { SAMPLE_CATEGORIES } from '#shared/categories'
export { ACCEPTED_FILE_TYPES, ACCEPTED_TYPES_TEXT } from '#shared/file-types'
