import { FINDINGS_BASIS, type Recommendation } from '../../../shared/analysis'
import type { Finding } from './findings'
import type { FoundRisk } from './risks'

const MAX_RECOMMENDATIONS = 8

/**
 * What to do before a sale, following only from what was found: one recommendation per risk, most
 * serious first, and one from the findings when they state earnings that no risk already covers.
 * No risk and no such finding, no recommendation.
 */
export function recommend(risks: FoundRisk[], findings: Finding[]): Recommendation[] {
  const recommendations: Recommendation[] = []
  for (const risk of risks) {
    const text = risk.recommend()
    const same = recommendations.find((other) => other.text === text)
    if (same) {
      if (!same.addresses.includes(risk.category)) same.addresses.push(risk.category)
      continue
    }
    recommendations.push({ text, addresses: [risk.category], source: risk.source })
  }
  const earnings = findings.find((finding) => finding.earnings)
  if (earnings && !risks.some((risk) => risk.category === 'Financial quality')) {
    recommendations.push({
      text: `Have the stated earnings confirmed by a quality-of-earnings review before going to market ("${earnings.source.quote}"): every multiple a buyer applies starts from that figure.`,
      addresses: [FINDINGS_BASIS],
      source: earnings.source,
    })
  }
  return recommendations.slice(0, MAX_RECOMMENDATIONS)
}
