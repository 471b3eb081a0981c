/*
 * The words that scale an amount ("thousand", "million", "billion", and "k", "m", "mm", "bn") and
 * the statements that set a table's scale ("in thousands", "$000s", "$m"): spelled only here.
 */

export type Scale = 'thousand' | 'million' | 'billion'

const MULTIPLIERS: Record<Scale, number> = { thousand: 1_000, million: 1_000_000, billion: 1_000_000_000 }
/** What a scale written after a figure multiplies it by, in words ("million") or short ("m", "bn"). */
export const SCALE_WORDS: Record<string, number> = { ...MULTIPLIERS }
export const SCALE_SUFFIXES: Record<string, number> = { k: 1e3, m: 1e6, mm: 1e6, mn: 1e6, b: 1e9, bn: 1e9 }

/** A scale written as a word. */
export const SCALE_WORD = '(?:thousand|million|billion)'
/** A scale written short: "k", "m", "mm", "mn", "bn". */
export const SCALE_SHORT = '(?:mm|mn|bn|m|k)'

const AMOUNT_IN_WORDS = new RegExp(String.raw`\d\s*${SCALE_WORD}s?\b`, 'g')

/** The scale a word names ("Millions" → million), or null. */
export function scaleWord(word: string): Scale | null {
  const lower = word.toLowerCase().replace(/s$/, '')
  return lower === 'thousand' || lower === 'million' || lower === 'billion' ? lower : null
}

// A currency's code before a scale: "RMB’Million", "USDm", "HK$'000", "EUR bn".
const CODE = String.raw`(?:^|[^a-z])(?:rmb|usd|us\$|eur|gbp|cad|aud|chf|sek|nok|dkk|jpy|cny|hkd|hk\$|sgd|s\$|a\$|nz\$|inr)\s?['’]?\s?`
const CODE_SCALES: Array<[Scale, RegExp]> = [
  ['thousand', new RegExp(String.raw`${CODE}(?:k|000s?|thousands?)\b`)],
  ['million', new RegExp(String.raw`${CODE}(?:m|mm|mn|millions?)\b`)],
  ['billion', new RegExp(String.raw`${CODE}(?:bn|b|billions?)\b`)],
]

/** The scale a text names: "in thousands", "$'000", "(000s)", "$ millions", "$m", "€ million", "RMB’Million"… */
export function scaleOf(text: string): Scale | null {
  // A figure's own word ("$3.9 million of costs", "2 thousand employees") states an amount, not the scale.
  const lower = text.toLowerCase().replace(AMOUNT_IN_WORDS, ' ')
  const coded = CODE_SCALES.find(([, pattern]) => pattern.test(lower))
  if (coded) return coded[0]
  if (
    /\bin thousands\b|thousands of|[‘’'$£€]\s?000[‘’']?s?\b|\(000[‘’']?s?\)|\bin 000[‘’']?s\b|\bthousands\b|\$k\b/.test(
      lower,
    )
  )
    return 'thousand'
  if (/\bin millions\b|millions of|[$£€]\s?m(?:illions?|n)?\b|\bmillions?\b\s*(?:of|\)|$)|\(millions?\)/.test(lower))
    return 'million'
  if (/\bin billions\b|billions of|[$£€]\s?b(?:illions?|n)?\b|\(billions?\)/.test(lower)) return 'billion'
  return null
}

/**
 * The scale rule (issue 45). A scale statement ("($ in thousands)", "$000s", "USD '000", "(000s
 * omitted)", "($ in millions)", "$m", "USD m") applies to every figure of the table it is stated
 * above, in or below on the same page, sheet or section, unless the figure is a percent or a count.
 * "$" alone says nothing about scale. Where more than one place states one, the nearest wins: the
 * figure's column header, then the table's own header, then the lines above it from the nearest up
 * (a caption, the title, a heading far above), then its footnotes below. A table that states none
 * is in units.
 */

// What scaleOf does not take for a scale: "(000s omitted)", a currency code before "m" or "k".
const THOUSANDS = /\(000[‘’']?s\b[^()]{0,20}\)|\b(?:usd|us\$|cad|aud|eur|gbp)\s?(?:k|000s?)\b/i
const MILLIONS = /\b(?:usd|us\$|cad|aud|eur|gbp)\s?(?:m|mm|mn|millions?)\b|\$\s?mm\b|\bin (?:\$\s?)?millions\b/i

// Longer lines are prose; and a line states a scale only when it speaks of amounts ("in", "$",
// "figures", "(000s)"): "we serve thousands of homes" does not.
const MAX_STATEMENT = 120
const SPEAKS_OF_AMOUNTS = /\b(?:in|amounts?|figures?|omitted|usd|dollars)\b|[$€£(]|['’]000|000s/i

/** The multiplier a header cell states ("Revenue ($000)"), or null. */
export function cellScale(text: string): number | null {
  const scale = scaleOf(text)
  if (scale) return MULTIPLIERS[scale]
  if (THOUSANDS.test(text)) return 1_000
  if (MILLIONS.test(text)) return 1_000_000
  return null
}

/** The multiplier the first of `lines` (nearest first) to state a scale states, or null. */
export function statedScale(lines: string[]): number | null {
  for (const line of lines) {
    if (line.length > MAX_STATEMENT || !SPEAKS_OF_AMOUNTS.test(line)) continue
    const scale = cellScale(line)
    if (scale) return scale
  }
  return null
}
