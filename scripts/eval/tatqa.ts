// TAT-QA's answer measures (Zhu et al., 2021), shared by eval:answers and eval:tables.

/** TAT-QA's number normalisation: a number, with its scale applied when the prediction lacks it. */
export function number(text: string) {
  const cleaned = text.replace(/[$,%\s]/g, '').replace(/^\((.*)\)$/, '-$1')
  return cleaned !== '' && Number.isFinite(Number(cleaned)) ? Number(cleaned) : null
}

const tokens = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}.\s-]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((token) => (number(token) !== null ? String(Math.round(number(token)! * 100) / 100) : token))

/** TAT-QA's exact match and bag-of-tokens F1 between the prediction and the gold answer. */
export function exactAndF1(prediction: string, gold: string) {
  const predicted = tokens(prediction)
  const expected = tokens(gold)
  const exact = predicted.join(' ') === expected.join(' ') ? 1 : 0
  const counts = new Map<string, number>()
  for (const token of expected) counts.set(token, (counts.get(token) ?? 0) + 1)
  let common = 0
  for (const token of predicted) {
    const left = counts.get(token) ?? 0
    if (left > 0) {
      common++
      counts.set(token, left - 1)
    }
  }
  const precision = predicted.length ? common / predicted.length : 0
  const recall = expected.length ? common / expected.length : 0
  return { exact, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0 }
}

const MULTIPLIERS: Record<string, number> = { thousand: 1e3, million: 1e6, billion: 1e9 }

/**
 * Whether a predicted number equals a gold one after scale ("1,149" thousand is 1,149,000), the
 * prediction rounded to the gold answer's decimals (24.41 matches a gold 24.4). A percentage
 * (gold scale "percent" or a "%" in the gold text) matches only a percentage.
 */
export function sameNumber(
  predicted: { value: number; scale: string | null; percent: boolean },
  gold: { text: string; scale: string },
) {
  const expected = number(gold.text)
  if (expected === null) return false
  const goldPercent = gold.scale === 'percent' || gold.text.includes('%')
  if (goldPercent !== predicted.percent) return false
  const goldMultiplier = MULTIPLIERS[gold.scale] ?? 1
  const inGoldScale = (predicted.value * (MULTIPLIERS[predicted.scale ?? ''] ?? 1)) / goldMultiplier
  const decimals = (gold.text.replace(/[^\d.]/g, '').split('.')[1] ?? '').length
  const rounded = Math.round(inGoldScale * 10 ** decimals) / 10 ** decimals
  return Math.abs(rounded - expected) < 10 ** -(decimals + 6)
}
