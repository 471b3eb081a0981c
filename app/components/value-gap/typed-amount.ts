/**
 * An amount of dollars as people type it: "18000000", "18,000,000", "$18M", "2.5m", "250k",
 * "$1.2bn". Read exactly (no floating point) into the plain decimal the API takes, or null when the
 * text is no amount. Linear in the text, which the form bounds anyway.
 */
const TYPED = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?\s*(k|m|mm|mn|b|bn)?$/i

const SUFFIX_DIGITS: Record<string, number> = { k: 3, m: 6, mm: 6, mn: 6, b: 9, bn: 9 }

export function typedAmount(text: string): string | null {
  const match = TYPED.exec(text.trim())
  if (!match) return null
  const whole = match[1]!.replace(/,/g, '')
  const fraction = match[2] ?? ''
  const shift = match[3] ? SUFFIX_DIGITS[match[3].toLowerCase()]! : 0
  // Scaling by a power of ten moves the point: the fraction's first digits join the whole part.
  const digits = `${whole}${fraction.padEnd(shift, '0')}`
  const integer = digits.slice(0, whole.length + shift).replace(/^0+(?=\d)/, '')
  const decimals = digits.slice(whole.length + shift).replace(/0+$/, '')
  return decimals ? `${integer}.${decimals}` : integer
}
