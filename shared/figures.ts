/**
 * Figures as a reader reads them, never changed in value: digits are grouped by thousands and
 * nothing else happens to them. No digit is dropped or rounded, and what only looks like a figure
 * (a year, a code with leading zeros, an id, a phone number) stays as written. One rule for the
 * answers and analysis the backend writes and the previews the web tier draws (decision 038).
 */

// A bare amount: five or more digits, or four with decimals ("1452.45"); a first digit of 0 is a
// code ("00123"), and four digits alone are most often a year. An amount may carry a sign, a
// currency sign before it, or parentheses for a negative, as spreadsheets export them.
const PLAIN_FIGURE = /^(\(?)([-−]?)((?:US\$|A\$|C\$|[$€£¥])?)(\s?)([-−]?)([1-9]\d{4,}|[1-9]\d{3}(?=\.))(\.\d+)?(\)?)$/
const PARENTHESES_MATCH = (open: string, shut: string) => Boolean(open) === Boolean(shut)

/** 21800000 → "21,800,000", every digit kept; works past 2^53 (an exported total may be long). */
const groupDigits = (whole: string) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')

/**
 * A cell or a figure alone, as a reader reads it: "21800000" → "21,800,000", "-452000" →
 * "-452,000", "$21800000" → "$21,800,000", "(452000)" → "(452,000)", "1452.45" → "1,452.45". A
 * year ("2024", "FY2023"), a figure already grouped, a code with letters or leading zeros, a
 * percentage and anything else stay exactly as written.
 */
export function readableFigure(text: string) {
  const match = PLAIN_FIGURE.exec(text)
  if (!match) return text
  const [, open = '', sign = '', currency = '', space = '', innerSign = '', whole = '', decimals = '', shut = ''] =
    match
  if (!PARENTHESES_MATCH(open, shut) || (sign && innerSign)) return text
  return `${open}${sign}${currency}${space}${innerSign}${groupDigits(whole)}${decimals}${shut}`
}

// Labels of columns (or rows) whose numbers name something rather than count it: ids, codes, phone
// numbers, postcodes, account and invoice numbers, dates written as digits ("Invoice date"). Years
// need no word here: four digits are never grouped.
const IDENTIFIER_HEADER =
  /(?:^|[^\p{L}])(?:id|ids|code|codes|phone|tel|telephone|fax|mobile|zip|zipcode|postcode|postal|sku|iban|swift|bic|ein|ssn|tin|routing|ref)(?![\p{L}])|\bdate\s*$|\b(?:account|acct|invoice|order|po|policy|registration|serial|customer|client|company|vat|tax|contract|reference|ref|phone)[\s.-]*(?:no|nr|num|number|#)(?![\p{L}])/iu

/** Whether a column's or row's label says its numbers are identifiers ("customer_id", "Phone", "Account no."). */
export const namesIdentifiers = (label: string) =>
  IDENTIFIER_HEADER.test(label.replace(/_/g, ' ').replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2'))

/**
 * A table cell as a reader reads it, given the labels of its column (and row): grouped by
 * `readableFigure`, unless a label says the column holds identifiers, whose digits stay as written.
 */
export const readableCell = (cell: string, ...labels: string[]) =>
  labels.some(namesIdentifiers) ? cell : readableFigure(cell)

// An amount marked as money in prose: a currency sign or code before it, or a currency named after
// it. Digits already grouped, or joined to letters or other digits, are not touched.
const MONEY_IN_PROSE = new RegExp(
  String.raw`(?<=(?:US\$|A\$|C\$|[$€£¥])\s?|\b(?:USD|EUR|GBP|CHF|CAD|AUD|JPY)\s)` +
    String.raw`([1-9]\d{4,}|[1-9]\d{3}(?=\.\d))(?=(?:\.\d+)?(?!\d|[,.]\d|\p{L}))` +
    '|' +
    String.raw`(?<![\p{L}\p{N}.,$€£¥])([1-9]\d{4,}|[1-9]\d{3}(?=\.\d))(?=(?:\.\d+)?\s(?:USD|EUR|GBP|CHF|CAD|AUD|JPY|dollars|euros|pounds)\b)`,
  'gu',
)

// A quotation inside prose ("…"), which is the document's words and stays as they are.
const QUOTED = /("[^"]*"|“[^”]*”)/

/**
 * Prose with its money grouped: "revenue of $21800000" → "revenue of $21,800,000". Only amounts
 * the text marks as money change; bare numbers in prose may be ids, phone numbers or years and
 * stay as written, and so does a quotation in quotation marks.
 */
export const readableMoneyIn = (text: string) =>
  text
    .split(QUOTED)
    .map((part, index) => (index % 2 ? part : part.replace(MONEY_IN_PROSE, (digits) => groupDigits(digits))))
    .join('')

// Digits of an amount not yet grouped: not joined to other digits, a comma, a point or letters.
const UNGROUPED = /(?<![\p{L}\p{N}.,])([1-9]\d{4,}|[1-9]\d{3}(?=\.\d))(?=(?:\.\d+)?(?!\d|[,.]\d|\p{L}))/gu

/**
 * A phrase already known to state an amount ("$21800000", "21800000 thousand", a count asked for)
 * with its digits grouped: "$21,800,000". Leading zeros and four-digit whole numbers stay as written.
 */
export const groupedAmount = (phrase: string) => phrase.replace(UNGROUPED, (digits) => groupDigits(digits))

/**
 * An exact amount of money from a decimal string, as the value gap shows it: "-219747.244" →
 * "-$219,747.244". Every digit kept, the whole part always grouped (even four digits: here the
 * figure is known to be money, never a year).
 */
export function moneyFigure(value: string) {
  const match = /^(-?)(\d+)(\.\d+)?$/.exec(value.trim())
  if (!match) return value
  const [, sign = '', whole = '', decimals = ''] = match
  return `${sign}$${groupDigits(whole)}${decimals}`
}
