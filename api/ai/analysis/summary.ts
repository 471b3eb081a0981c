import type { AnalysisBodies } from '../../../shared/analysis'
import { analyze } from '../retrieval/analyzer'
import { figureCount } from '../text/amounts'
import { magnitude, sourceOf, statementOf, type Unit } from './units'

const MAX_SENTENCES = 6
const MAX_ROWS = 3
const MAX_CHARS = 1000
const MIN_TERMS = 6
const MAX_WORDS = 70
const SUBJECT_TERMS = 10
const LEAD_BONUS = [2.5, 1.5, 1]
// What a sentence repeating a chosen one loses, times their share of terms.
const REDUNDANCY = 4
const HIGHLIGHT_BONUS = 2

/**
 * An extractive summary: the sentences that carry the document's main figures, its subject (the
 * terms it uses most, and its title's) and its most serious risks (`highlights`), its opening
 * preferred and repetition avoided, quoted in document order. A document of tables alone is
 * summarised by its largest rows.
 */
export function summarise(units: Unit[], title: string, highlights = new Set<number>()): AnalysisBodies['summary'] {
  const prose = units.filter(
    (unit) => unit.kind === 'sentence' && unit.terms.length >= MIN_TERMS && unit.quote.split(/\s+/).length <= MAX_WORDS,
  )
  // Without prose, the largest rows tell what the tables hold.
  const rows = units
    .filter((unit) => unit.table)
    .sort((a, b) => magnitude(b) - magnitude(a) || a.position - b.position)
    .slice(0, MAX_ROWS)
  const candidates = prose.length ? prose : rows
  const limit = prose.length ? MAX_SENTENCES : MAX_ROWS
  const subject = subjectTerms(units, title)
  const scored = candidates.map((unit, index) => {
    const figures = figureCount(unit.quote)
    const stated = Math.min(figures.money + figures.percent + figures.multiple, 2)
    const about = Math.min(new Set(unit.terms.filter((term) => subject.has(term))).size, 3)
    const lead = prose.length ? (LEAD_BONUS[index] ?? 0) : 0
    return {
      unit,
      terms: new Set(unit.terms.filter((term) => !/\d/.test(term) && !SCALES.has(term))),
      score: stated * 1.5 + about + lead + (highlights.has(unit.position) ? HIGHLIGHT_BONUS : 0),
    }
  })
  const chosen: typeof scored = []
  let length = 0
  while (chosen.length < limit) {
    let best: { entry: (typeof scored)[number]; value: number } | undefined
    for (const entry of scored) {
      if (chosen.includes(entry) || (chosen.length && length + entry.unit.text.length > MAX_CHARS)) continue
      const overlap = Math.max(0, ...chosen.map((other) => shared(entry.terms, other.terms)))
      const value = entry.score - REDUNDANCY * overlap
      if (!best || value > best.value) best = { entry, value }
    }
    if (!best) break
    chosen.push(best.entry)
    length += best.entry.unit.text.length + 1
  }
  const sentences = chosen
    .map((entry) => entry.unit)
    .sort((a, b) => a.position - b.position)
    .map((unit) => ({ text: statementOf(unit), source: sourceOf(unit) }))
  // Rows read as lines of their own; sentences as a paragraph.
  return { content: sentences.map((sentence) => sentence.text).join(prose.length ? ' ' : '\n'), sentences }
}

// Words every sentence with a figure has: they do not make two sentences say the same.
const SCALES = new Set(analyze('million billion thousand per cent percent year'))

/** The share of their words two sentences have in common. */
function shared(a: Set<string>, b: Set<string>) {
  let both = 0
  for (const term of a) if (b.has(term)) both++
  return both / Math.max(1, a.size + b.size - both)
}

/** The document's own words: its title's, and those it repeats most. */
function subjectTerms(units: Unit[], title: string) {
  const counts = new Map<string, number>()
  for (const unit of units)
    for (const term of unit.terms) if (!/\d/.test(term)) counts.set(term, (counts.get(term) ?? 0) + 1)
  const frequent = [...counts.entries()]
    .filter(([, count]) => count > 1)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, SUBJECT_TERMS)
    .map(([term]) => term)
  return new Set([...frequent, ...analyze(title)])
}
