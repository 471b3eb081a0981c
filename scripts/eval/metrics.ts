/** Standard IR measures over one ranked list of ids and its graded judgments (BEIR's qrels). */
export interface Metrics {
  ndcg: number
  recall5: number
  recall10: number
  mrr: number
}

/** nDCG@10 with the log2 discount, recall at 5 and 10, reciprocal rank of the first hit within 10. */
export function scoreRanking(ranked: string[], relevant: Map<string, number>): Metrics {
  const gain = (id: string) => relevant.get(id) ?? 0
  const dcg = ranked.slice(0, 10).reduce((sum, id, index) => sum + gain(id) / Math.log2(index + 2), 0)
  const ideal = [...relevant.values()]
    .sort((a, b) => b - a)
    .slice(0, 10)
    .reduce((sum, value, index) => sum + value / Math.log2(index + 2), 0)
  const found = (k: number) => ranked.slice(0, k).filter((id) => relevant.has(id)).length / relevant.size
  const first = ranked.slice(0, 10).findIndex((id) => relevant.has(id))
  return {
    ndcg: ideal ? dcg / ideal : 0,
    recall5: found(5),
    recall10: found(10),
    mrr: first >= 0 ? 1 / (first + 1) : 0,
  }
}

export function averageOf(all: Metrics[]): Metrics {
  const sum = (pick: (metrics: Metrics) => number) =>
    all.reduce((total, metrics) => total + pick(metrics), 0) / (all.length || 1)
  return {
    ndcg: sum((m) => m.ndcg),
    recall5: sum((m) => m.recall5),
    recall10: sum((m) => m.recall10),
    mrr: sum((m) => m.mrr),
  }
}

/** Nearest-rank percentile of a list of numbers. */
export function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0
}
