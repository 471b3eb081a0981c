import Decimal from 'decimal.js'

import type { StoredFact } from './organization-facts'

/** How finely a figure is written, in units: 1000 for "1,184" in thousands, 100000 for "$4.2 million". */
function precisionOf(fact: StoredFact) {
  const written = new Decimal(fact.value).dividedBy(fact.scale)
  return new Decimal(10).pow(-written.decimalPlaces()).times(fact.scale)
}

/** The most precise of figures for one thing, when the others are it rounded; else what disagrees. */
export function agreeing(facts: StoredFact[]): { fact: StoredFact } | { disagree: string; period: string } {
  const [precise, ...others] = [...facts].sort((a, b) => precisionOf(a).comparedTo(precisionOf(b)))
  const exact = new Decimal(precise!.value)
  const disagreeing = others.filter((other) => {
    const unit = precisionOf(other)
    return !exact.dividedBy(unit).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).times(unit).equals(other.value)
  })
  if (disagreeing.length === 0) return { fact: precise! }
  return {
    disagree: [precise!, ...disagreeing].map((fact) => `${fact.value} (${fact.title})`).join('; '),
    period: precise!.period?.label ?? '',
  }
}
