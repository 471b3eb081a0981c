import { analyze } from '../ai/retrieval/analyzer'

/**
 * Whether a passage covers a query well enough to be shown as a match: it holds at least half of the
 * query's distinct content terms (stop words dropped, stems compared, as ranking analyses them) and,
 * when the query has more than one, at least two. Below this floor a passage is only the closest
 * the documents come.
 *
 * Why not a floor on the score: its lexical part is divided by what a chunk holding every query term
 * *the organization's documents hold* would score, so a term no document holds drops out of the
 * ideal. For "tax asset sale" with no "asset" anywhere, a passage saying "after tax" scored 57%: one
 * common word of three, counted as half the question. Coverage counts every term the user typed.
 * Measured on the retrieval dev set (300 questions, top 5, hybrid): it keeps 96% of the relevant
 * passages and 99% of relevant first results, and clears a passage for 26% of the questions asked
 * of another company's report (mostly generic ones that report does answer, "revenue in 2019"); a
 * 50% score floor kept 89% of relevant first results (docs/decisions/036).
 */
export function relevanceFloor(query: string): (passage: string) => boolean {
  const wanted = new Set(analyze(query))
  const needed = wanted.size <= 1 ? wanted.size : Math.max(2, Math.ceil(wanted.size / 2))
  return (passage) => {
    if (needed === 0) return true
    let held = 0
    for (const term of new Set(analyze(passage))) if (wanted.has(term) && ++held >= needed) return true
    return false
  }
}
