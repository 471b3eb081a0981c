import { NUMBER_WORDS } from '../text/number-words'

/** A number of years as written: "5", "five". */
export const COUNT = String.raw`(\d{1,2}|${Object.keys(NUMBER_WORDS).join('|')})`
export const count = (written: string) => Number(written) || NUMBER_WORDS[written.toLowerCase()] || 0

/**
 * "due within 5 years", "in the next three years", "payable in less than one year": the horizon a
 * question asks a schedule of maturities for, in years.
 */
export const HORIZON = new RegExp(
  String.raw`\b(?:(?:due|payable|maturing|falling due)\s+)?(?:within|in the next|in less than|less than|no later than)\s+${COUNT}\s+years?\b`,
  'i',
)

export function horizonOf(text: string): number | null {
  const match = HORIZON.exec(text)
  return match ? count(match[1]!) || null : null
}
