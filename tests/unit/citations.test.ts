import { describe, expect, it } from 'vitest'

import { createCitationFilter } from '../../api/ai/answers/citations'

function run(passages: number, chunks: string[]) {
  const filter = createCitationFilter(passages)
  const sent = chunks.map((chunk) => filter.push(chunk)).join('') + filter.end()
  return { sent, text: filter.text, used: filter.used }
}

describe('the citation filter', () => {
  it('keeps markers of retrieved passages, renumbered in order of first use', () => {
    expect(run(3, ['Sales rose [3]. Margins held [1][3].'])).toEqual({
      sent: 'Sales rose [1]. Margins held [2][1].',
      text: 'Sales rose [1]. Margins held [2][1].',
      used: [2, 0],
    })
  })

  it('removes a marker that names no retrieved passage, with the space before it', () => {
    expect(run(2, ['Invented [7]. Zero [0]. Kept [2].']).sent).toBe('Invented. Zero. Kept [1].')
    expect(run(0, ['Nothing was retrieved [1].']).used).toEqual([])
  })

  it('gives the same answer wherever the stream splits it', () => {
    const answer = 'It runs until 2031 [1]. The owner plans to sell [9] in 2027 [2][1]; see [the plan](x) [12].'
    const whole = run(2, [answer]).sent
    expect(whole).toBe('It runs until 2031 [1]. The owner plans to sell in 2027 [2][1]; see [the plan](x).')
    for (let cut = 0; cut <= answer.length; cut++) {
      expect(run(2, [answer.slice(0, cut), answer.slice(cut)]).sent).toBe(whole)
    }
    expect(run(2, [...answer]).sent).toBe(whole)
  })

  it('leaves brackets that are not markers alone', () => {
    expect(run(1, ['- [ ] task\n- [x] done\n[2019] figures [a]']).sent).toBe(
      '- [ ] task\n- [x] done\n[2019] figures [a]',
    )
  })
})
