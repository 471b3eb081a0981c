import { CURRENCY_SIGN } from '../text/amounts'
import { FULL_MONTH, YEAR } from '../text/calendar'
import { scaleOf } from '../text/scales'

/**
 * The sentence that introduces a table, as a report writes it before the table: "The carrying
 * value of goodwill by segment was as follows:", "The following table sets forth revenue by
 * region (in thousands):", or a short line of its own ending in a colon.
 */
// "The table below shows", "The following table sets forth, for the periods indicated, …".
const TABLE_INTRO =
  /^(?:the )?(?:(?:following|above|below) table|table (?:below|above))(?: (?:below|above))? (?:shows|sets forth|summari[sz]es|presents|provides|illustrates|reconciles|details|reflects|lists|contains|includes|represents)(?: (?:information|details|data) (?:on|about|regarding|relating to|related to|with respect to|for))?,?\s+(.+?)$/i
const AS_FOLLOWS =
  /^(.+?)\s+(?:(?:is|are|was|were) (?:as follows|presented below|shown below|summari[sz]ed below|set (?:forth|out) below|the following)|(?:consisted|consists|consist|comprised|comprises|comprise|included|includes|include) (?:of )?the following)\b/i

/** What the table a sentence introduces shows ("The carrying value of goodwill by segment"), or null. */
export function tableCaptionOf(sentence: string) {
  const text = sentence
    .trim()
    .replace(/\s*\((?:in|amounts in|dollars in|\$|€|£)[^)]*\)/gi, '')
    .trim()
  const intro = TABLE_INTRO.exec(text) ?? AS_FOLLOWS.exec(text)
  const caption = intro ? intro[1]! : /:$/.test(text) && text.split(/\s+/).length <= 30 ? text : null
  // A note's number ("4) Professional Service and Other:") and the date the table is at ("As of
  // December 31, 2019, maturities of lease liabilities were as follows:") are not what it shows.
  return caption
    ? caption
        .replace(ENUMERATOR, '')
        .replace(AS_AT_DATE, '')
        .replace(/[\s:.,]+$/, '')
    : null
}
const ENUMERATOR = /^\(?(?:\d{1,2}|[a-z])\)\s+/i
const AS_AT_DATE = new RegExp(
  String.raw`^(?:as (?:of|at)|at) (?:${FULL_MONTH} \d{1,2},? \d{4}|\d{1,2} ${FULL_MONTH},? \d{4}),\s+`,
  'i',
)

// A line stating the scale of a document's figures is a heading ("NOTES TO CONSOLIDATED FINANCIAL
// STATEMENTS"), "Expressed in…" or a table's introduction; a figure in it ("$3.9 million of costs")
// makes it a sentence about that figure instead.
const MAX_STATEMENT_CHARS = 200
const MAX_HEADING_WORDS = 14
const SCALE_DIGITS = new RegExp(String.raw`(?:[‘’']|${CURRENCY_SIGN})\s?000[‘’']?s?|\(000[‘’']?s?\)`, 'g')
const FIGURE = /\d{3,}|\d[.,]\d/
// A year ("In fiscal 2019 and 2018, net sales were as follows (in thousands):") is no figure.
const YEAR_WORD = new RegExp(String.raw`\b${YEAR}\b`, 'g')
// "in thousands", "$000", "(millions)", "thousands of US dollars"; not "thousands of customers".
const NAMES_SCALE = new RegExp(
  String.raw`\b(?:in|of)\s+(?:(?:us|u\.s\.)\s?)?(?:${CURRENCY_SIGN}\s?)?(?:thousands|millions|billions)\b|${CURRENCY_SIGN}\s?(?:thousands|millions|billions)\b|(?:[‘’']|${CURRENCY_SIGN})\s?000|\(000|\((?:thousands|millions|billions)\b|\b(?:thousands|millions|billions) of (?:(?:us|u\.s\.|canadian|australian|hong kong) )?(?:dollars|euros|pounds|${CURRENCY_SIGN})`,
  'i',
)
const STATES_AMOUNTS = /^(?:expressed|presented|stated|reported|all amounts|amounts|figures)\b/i

/**
 * The lines of a document's text that state the scale of its figures: "(In thousands)", "(in
 * millions, except per-share amounts)", "Expressed in US $000's except share and per share
 * amounts", a heading carrying "(in thousands, except per share data)", or a table's introduction
 * ending "(in thousands):". Read when a table's own chunk states no scale: a report often states it
 * once, on a line of its own.
 */
export function scaleStatementsIn(text: string): string[] {
  return text
    .split(/\n|(?<=[.:;])\s+(?=[A-Z(])/)
    .map((line) => line.trim())
    .filter((line) => {
      if (!line || line.length > MAX_STATEMENT_CHARS || !NAMES_SCALE.test(line) || !scaleOf(line)) return false
      if (FIGURE.test(line.replace(SCALE_DIGITS, '').replace(YEAR_WORD, ''))) return false
      const words = line
        .replace(/\([^)]*\)/g, ' ')
        .split(/\s+/)
        .filter(Boolean).length
      return words <= MAX_HEADING_WORDS || STATES_AMOUNTS.test(line) || tableCaptionOf(line) !== null
    })
}
