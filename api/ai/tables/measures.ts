/*
 * An advisor's margins, as the share of revenue they are. A table that states the margin as a row
 * ("Gross margin 41.5%") answers it directly; otherwise "the EBITDA margin in FY2025" is EBITDA over
 * revenue in FY2025. Each margin names its own measure, so a missing one is never replaced by a
 * neighbour: without a net income row, a net margin is not computed from gross profit.
 */
const MARGINS: Array<{ pattern: RegExp; measure: string }> = [
  { pattern: /\b(?:the )?gross(?: profit)? margin\b/i, measure: 'gross profit' },
  { pattern: /\b(?:the )?ebitda margin\b/i, measure: 'EBITDA' },
  { pattern: /\b(?:the )?(?:operating(?: income| profit)?|ebit) margin\b/i, measure: 'operating income' },
  { pattern: /\b(?:the )?(?:net(?: income| profit)?|profit) margin\b/i, measure: 'net income' },
]

/** The question with its margin written as the share of revenue it is, or null when it names none. */
export function asShareOfRevenue(question: string): string | null {
  for (const { pattern, measure } of MARGINS) {
    if (pattern.test(question)) return question.replace(pattern, `${measure} as a percentage of revenue`)
  }
  return null
}
