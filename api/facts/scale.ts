import { type Scale, scaleOf } from '../ai/text/scales'

/**
 * The scale rule (issue 45). A scale statement ("($ in thousands)", "$000s", "USD '000", "(000s
 * omitted)", "($ in millions)", "$m", "USD m") applies to every figure of the table it is stated
 * above, in or below on the same page, sheet or section, unless the figure is a percent or a count.
 * "$" alone says nothing about scale. Where more than one place states one, the nearest wins: the
 * figure's column header, then the table's own header, then the lines above it from the nearest up
 * (a caption, the title, a heading far above), then its footnotes below. A table that states none
 * is in units.
 */

const MULTIPLIERS: Record<Scale, number> = { thousand: 1_000, million: 1_000_000, billion: 1_000_000_000 }

// What the shared reader does not take for a scale: "(000s omitted)", a currency code before "m" or "k".
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
