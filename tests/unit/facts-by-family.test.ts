import { describe, expect, it } from 'vitest'

import { factsRecall } from '../../scripts/eval/facts-recall'

// Tuning seeds (docs/evaluation.md): seeds 0–19 draw every layout family the generator has.
const SEEDS = Array.from({ length: 20 }, (_, seed) => seed)

describe('the fact layer, per layout family of the generated sale files', () => {
  it('reads every figure of every family, and no figure that contradicts the numbers', async () => {
    const misses: string[] = []
    const { tallies, contradicting } = await factsRecall(SEEDS, (line) => misses.push(line))
    expect(tallies.family.size).toBeGreaterThanOrEqual(30)
    const short = [...tallies.family].filter(([, tally]) => tally.wrong > 0 || tally.missing > 0)
    expect(short, misses.slice(0, 10).join('\n')).toEqual([])
    expect(contradicting).toBe(0)
    for (const format of ['csv', 'docx', 'pdf-ruled', 'pdf-spaced', 'txt', 'xlsx'])
      expect(tallies.format.get(format)?.found, format).toBeGreaterThan(0)
  }, 120_000)
})
