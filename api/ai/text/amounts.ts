/** Amounts, percentages and multiples as documents write them. */

import { datesIn } from './dates'
import { SCALE_SHORT, SCALE_WORD } from './scales'

/** A currency sign before an amount: "$", "£", "€", "¥". */
export const CURRENCY_SIGN = '[$€£¥]'
/**
 * A currency written before an amount, its sign or its code: "$", "US$", "A$", "S$", "HK$", "RMB",
 * "£". A dollar's country letters are kept: S$1.75 billion is no US$1.75 billion.
 */
export const CURRENCY = String.raw`(?:(?<![A-Za-z])(?:US|A|AU|C|CA|S|SG|HK|NZ|NT|R)\$|RMB|${CURRENCY_SIGN})`

const SCALE = String.raw`(?:\s?(?:${SCALE_WORD}|${SCALE_SHORT})\b)?`
// At most 25 digits and commas: `[\d,]*` let every digit of "1,1,1,…" (each a word start) scan the
// whole run, quadratic in its length; no figure is longer.
const DIGITS = String.raw`\d[\d,]{0,24}(?:\.\d+)?`
export const MONEY = new RegExp(
  String.raw`(?:[$€£]\s?${DIGITS}${SCALE}|\b(?:USD|GBP|EUR|CHF)\s?${DIGITS}${SCALE}|\b${DIGITS}\s(?:million|billion)\b)`,
  'gi',
)
export const PERCENT = /\b\d+(?:\.\d+)?\s?(?:%|per ?cent\b)/gi
export const MULTIPLE = /\b\d+(?:\.\d+)?\s?x\b|\b\d+(?:\.\d+)?\s(?:times)\s(?:ebitda|earnings|revenue|sales|profit)/gi

/** A percentage's value: "38.0%" → 38. */
export const percentValue = (text: string) => Number.parseFloat(text.replace(/[^\d.]/g, ''))

/** How many figures of each kind a text states. */
export function figureCount(text: string) {
  return {
    money: text.match(MONEY)?.length ?? 0,
    percent: text.match(PERCENT)?.length ?? 0,
    multiple: text.match(MULTIPLE)?.length ?? 0,
    dates: datesIn(text).length,
  }
}
