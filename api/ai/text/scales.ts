/*
 * The words that scale an amount ("thousand", "million", "billion", and "k", "m", "mm", "bn") and
 * the statements that set a table's scale ("in thousands", "$000s", "$m"): spelled only here.
 */

export type Scale = 'thousand' | 'million' | 'billion'

export const MULTIPLIERS: Record<Scale, number> = { thousand: 1_000, million: 1_000_000, billion: 1_000_000_000 }

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

/** The scale a text names: "in thousands", "$'000", "(000s)", "$ millions", "$m", "€ million"… */
export function scaleOf(text: string): Scale | null {
  // A figure's own word ("$3.9 million of costs", "2 thousand employees") states an amount, not the scale.
  const lower = text.toLowerCase().replace(AMOUNT_IN_WORDS, ' ')
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
