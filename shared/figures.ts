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

// A decimal string as Decimal.js and the database write one: a sign, digits, a point and digits.
const DECIMAL_STRING = /^(-?)(\d+)(\.\d+)?$/

/** A decimal string with its whole part grouped and `before` ahead of the digits; a zero has no sign. */
function groupedDecimal(value: string, before: string) {
  const match = DECIMAL_STRING.exec(value.trim())
  if (!match) return value
  const [, sign = '', whole = '', decimals = ''] = match
  return `${/[1-9]/.test(whole + decimals) ? sign : ''}${before}${groupDigits(whole)}${decimals}`
}

/**
 * An exact figure from a decimal string, as a computation writes it: "-1452.45" → "-1,452.45",
 * "1234" → "1,234". Every digit kept, the whole part always grouped (even four digits: a
 * computed figure is never a year).
 */
export const exactFigure = (value: string) => groupedDecimal(value, '')

/**
 * An exact amount of money from a decimal string, as the value gap shows it: "-219747.244" →
 * "-$219,747.244". Every digit kept, the whole part always grouped (even four digits: here the
 * figure is known to be money, never a year).
 */
export const moneyFigure = (value: string) => groupedDecimal(value, '$')

/**
 * An amount of money to the cent, as a reader is shown a computed one: "1630314.756" → "$1,630,314.76",
 * "1509550.7" → "$1,509,550.70", "5000000" → "$5,000,000". A tax or a net proceeds figure of a
 * fraction of a cent is no amount anyone pays; the working and the API keep every digit.
 */
export function moneyToCent(value: string) {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim())
  if (!match) return value
  const [, sign = '', whole = '', decimals = ''] = match
  if (!/[1-9]/.test(decimals)) return moneyFigure(`${sign}${whole}`)
  // Half a cent up, on the digits as written: no float ever holds the amount.
  let cents = BigInt(whole + decimals.padEnd(3, '0').slice(0, 2))
  if (Number(decimals[2] ?? '0') >= 5) cents += 1n
  const text = cents.toString().padStart(3, '0')
  const rounded = `${text.slice(0, -2)}.${text.slice(-2)}`
  return moneyFigure(`${sign}${rounded.endsWith('.00') ? rounded.slice(0, -3) : rounded}`)
}

// A label's words: "share_of_revenue_percent" and "shareOfRevenuePercent" read "share of revenue
// percent", "revenue2024Gbp" reads "revenue2024 Gbp".
const wordsOf = (label: string) => label.replace(/[_.]+/g, ' ').replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')

const PERCENT_LABEL = /%|\b(?:percent|percentage|pct)\b/i
// Cents or pence, or a count of things: figures in no currency, whatever the sheet's.
const NOT_MONEY_LABEL =
  /\b(?:cents?|pence|days|months|weeks|years|hours|headcount|employees|staff|fte|number of|count|units|shares)\b/i
// A scale ("$000", "in thousands", "(millions)", "$m"): the digits are not the amount, and a sign
// before them would state another figure.
const SCALE_LABEL =
  /\b(?:thousands?|millions?|billions?|mn|bn|mm)\b|(?:[$€£']|\b(?:usd|eur|gbp))\s?(?:000|k|m)\b|\(000'?s?\)|\b000'?s\b/i
// A dollar of another country ("C$", "A$", "NZ$", "CAD", "Canadian dollars"): never written as "$".
const OTHER_DOLLAR_SIGN = /(?<!\p{L})(?!US\$)\p{Lu}{1,3}\$/u
const OTHER_DOLLAR_WORD =
  /\b(?:cad|aud|nzd|hkd|sgd|twd|mxn|canadian|australian|new zealand|hong kong|singapore|taiwan|mexican)\b/i

/**
 * The currency labels name for figures written bare: "$" for "Revenue ($)", "revenue_usd", "in US
 * dollars"; "€" and "£" likewise; null when none is named, or a dollar other than the US dollar.
 */
export function currencyNamedIn(...labels: string[]): string | null {
  const words = labels.map(wordsOf).join(' ')
  if (/€|\b(?:eur|euros?)\b/i.test(words)) return '€'
  if (/£|\b(?:gbp|pounds? sterling)\b/i.test(words)) return '£'
  if (OTHER_DOLLAR_SIGN.test(words) || OTHER_DOLLAR_WORD.test(words)) return null
  return /\$|\b(?:usd|dollars?)\b/i.test(words) ? '$' : null
}

/** Whether a label says its figures are percentages: "Share of revenue (%)", "share_of_revenue_percent". */
export const namesPercent = (label: string) => PERCENT_LABEL.test(wordsOf(label))

/**
 * The unit the labels of a bare figure (its row, its column, its sheet or table) name: "%", a
 * currency's sign, or null. A currency is not given to a count, to cents, nor where a label names a
 * scale ("$000"): "$26,100" for 26,100 thousand dollars would state another figure.
 */
export function unitNamed(...labels: string[]): string | null {
  const words = labels.map(wordsOf).join(' ')
  if (PERCENT_LABEL.test(words)) return '%'
  if (NOT_MONEY_LABEL.test(words) || SCALE_LABEL.test(words)) return null
  return currencyNamedIn(words)
}

// A figure as readableFigure() leaves it with no unit of its own: "21,800,000", "-452,000",
// "(452,000)", "31", "12.5". A first digit of 0 before more digits is a code.
const BARE_FIGURE = /^(\(?)([-−]?)((?:0|[1-9][\d,]*)(?:\.\d+)?)(\)?)$/

/**
 * A bare figure with `unit`: "21,800,000" in dollars → "$21,800,000", "-452,000" → "-$452,000",
 * "31" in percent → "31%". A figure that carries a sign or a word, and four digits alone (most often
 * a year: never "$2024"), stay as they are.
 */
export function withUnit(figure: string, unit: string | null) {
  const match = unit ? BARE_FIGURE.exec(figure) : null
  if (!match) return figure
  const [, open = '', sign = '', digits = '', shut = ''] = match
  if (!PARENTHESES_MATCH(open, shut)) return figure
  if (unit === '%') return `${open}${sign}${digits}%${shut}`
  return /^\d{4}$/.test(digits) ? figure : `${open}${sign}${unit}${digits}${shut}`
}

/**
 * A cell quoted apart from its table, as a reader reads it: grouped (readableCell), with the unit
 * its labels name (the row's, the column's, the sheet's): "26100000" under a sheet "P&L (USD)" →
 * "$26,100,000", "31" in "share_of_revenue_percent" → "31%". In its table the header says the unit;
 * quoted alone, the figure must. An identifier's digits stay as written.
 */
export function statedCell(cell: string, ...labels: string[]) {
  const text = cell.trim()
  if (labels.some(namesIdentifiers)) return text
  return withUnit(readableFigure(text), unitNamed(...labels))
}
