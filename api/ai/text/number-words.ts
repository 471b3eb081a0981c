/*
 * Numbers written in words, as owners write them: "nine million", "thirty-eight", "two hundred
 * fifty thousand", "one hundred and twenty". Up to the millions (and billions), whole numbers only.
 */

import { SCALE_WORDS } from './scales'

const UNITS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
}
const TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
}

/** The number words from `low` to `high` (at most nineteen) as a group that captures nothing: "(?:two|three|…)". */
export const numberWordsBetween = (low: number, high: number) =>
  `(?:${Object.keys(UNITS)
    .filter((word) => UNITS[word]! >= low && UNITS[word]! <= high)
    .join('|')})`

/** Whether a word (lower case, perhaps hyphenated: "thirty-eight") is a number word. */
export const isNumberWord = (word: string) =>
  word.split('-').every((part) => part in UNITS || part in TENS || part === 'hundred' || part in SCALE_WORDS)

/**
 * The value of a run of number words, lower case, "and" already left out: ["nine", "million"] is
 * 9000000, ["thirty-eight"] 38; null for a run that is no number ("million" alone, "five four").
 */
export function numberFromWords(words: string[]): number | null {
  let total = 0
  let group = 0
  // What the last word was, so "five four" and "twenty thirty" are not read as sums.
  let last: 'unit' | 'ten' | 'hundred' | 'scale' | null = null
  for (const part of words.flatMap((word) => word.split('-'))) {
    if (part in UNITS) {
      if (last === 'unit' || (last === 'ten' && UNITS[part]! >= 10)) return null
      group += UNITS[part]!
      last = 'unit'
    } else if (part in TENS) {
      if (last === 'unit' || last === 'ten') return null
      group += TENS[part]!
      last = 'ten'
    } else if (part === 'hundred') {
      if (last !== 'unit') return null
      group *= 100
      last = 'hundred'
    } else if (part in SCALE_WORDS) {
      if (last === null || last === 'scale') return null
      total += group * SCALE_WORDS[part]!
      group = 0
      last = 'scale'
    } else return null
  }
  return last === null ? null : total + group
}

/** Counts written as words, as documents and questions write them ("six months", "the five years"). */
export const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  ...Object.fromEntries(Object.entries(UNITS).filter(([, value]) => value > 0)),
  ...TENS,
  'twenty-four': 24,
  'thirty-six': 36,
}
