import { describe, expect, it } from 'vitest'

import { relevanceFloor } from '../../api/search/relevance-floor'

describe('the search relevance floor', () => {
  it('leaves below it a passage that shares one common word with a question of several', () => {
    const clears = relevanceFloor('tax asset sale')
    expect(clears('Net profit after tax rose to £2.1 million, helped by lower interest costs.')).toBe(false)
    expect(clears('The buyer prefers an asset sale, which changes the tax the seller pays.')).toBe(true)
  })

  it('asks for at least half of the question’s content words, as stems, stop words aside', () => {
    const clears = relevanceFloor('What is the customer concentration risk?')
    expect(clears('Customer concentration: our three largest customers account for 62% of revenue.')).toBe(true)
    expect(clears('Every customer is invoiced monthly.')).toBe(false)
    const long = relevanceFloor('Why did net cash used in investing activities increase in 2019?')
    expect(long('Net cash used in investing activities rose in 2019 on new vessels.')).toBe(true)
    expect(long('Net cash from operations was $4.2 million.')).toBe(false)
  })

  it('counts a word the question repeats once', () => {
    const clears = relevanceFloor('lease lease lease renewal')
    expect(clears('The lease is long.')).toBe(false)
    expect(clears('The lease renewal is due.')).toBe(true)
  })

  it('takes a passage holding the one content word of a one-word question', () => {
    expect(relevanceFloor('EBITDA?')('EBITDA was £3.3 million.')).toBe(true)
    expect(relevanceFloor('EBITDA?')('Revenue was £18.4 million.')).toBe(false)
  })

  it('keeps every passage for a question of stop words alone, which has nothing to measure by', () => {
    expect(relevanceFloor('what is it?')('Anything at all.')).toBe(true)
  })
})
