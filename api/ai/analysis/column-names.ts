/** Column headers written for machines ("share_of_revenue_percent") as a reader names them ("Share of revenue (%)"). */

// A header of one token: snake_case, kebab-case, dotted or camelCase, never a header with spaces,
// which its author already wrote for people ("2024 revenue (£)").
const IDENTIFIER = /^[\p{L}\p{N}]+(?:[_.-]+[\p{L}\p{N}]+)*$/u
const CAMEL = /\p{Ll}\p{Lu}/u
const UNITS: Record<string, string> = {
  percent: '%',
  percentage: '%',
  pct: '%',
  perc: '%',
  gbp: 'GBP',
  usd: 'USD',
  eur: 'EUR',
  chf: 'CHF',
  cad: 'CAD',
  aud: 'AUD',
  jpy: 'JPY',
}
const ACRONYMS = new Set([
  'id',
  'ebitda',
  'ebit',
  'vat',
  'fy',
  'ceo',
  'cfo',
  'uk',
  'us',
  'eu',
  'kpi',
  'sku',
  'roi',
  'nps',
])

/**
 * "share_of_revenue_percent" → "Share of revenue (%)", "revenue2024Gbp" → "Revenue 2024 (GBP)",
 * "customer_id" → "Customer ID": words in sentence case, units at the end in brackets. A header that
 * already reads as words is kept as it is.
 */
export function humaniseHeader(header: string): string {
  const trimmed = header.trim()
  const identifier =
    IDENTIFIER.test(trimmed) && (/[_.-]/.test(trimmed) || CAMEL.test(trimmed) || /^\p{Ll}/u.test(trimmed))
  if (!identifier) return trimmed
  const words = trimmed
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    // "revenue2024" splits, "q1" and "h2" stay whole.
    .replace(/(\p{L}{3})(\p{N})/gu, '$1 $2')
    .split(/[\s_.-]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase())
  let unitsFrom = words.length
  while (unitsFrom > 1 && UNITS[words[unitsFrom - 1]!]) unitsFrom--
  const units = words.slice(unitsFrom).map((word) => UNITS[word]!)
  const named = words
    .slice(0, unitsFrom)
    .map((word, index) =>
      ACRONYMS.has(word) ? word.toUpperCase() : index === 0 ? word.charAt(0).toUpperCase() + word.slice(1) : word,
    )
    .join(' ')
  return units.length ? `${named} (${units.join(' ')})` : named
}
