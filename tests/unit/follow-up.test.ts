import { describe, expect, it } from 'vitest'

import { searchQueryFor, standaloneQuestion } from '../../api/ai/answers/follow-up'
import type { ChatTurn } from '../../api/ai/answers/provider'

const after = (question: string): ChatTurn[] => [
  { role: 'user', content: question },
  { role: 'assistant', content: 'An answer.' },
]

describe('follow-up questions', () => {
  it.each([
    ['What was revenue in FY2025?', 'And in FY2024?', 'What was revenue in FY2024?'],
    ['What were the total sales in 2019?', 'and in 2018?', 'What were the total sales in 2018?'],
    ['What was revenue?', 'And in 2024?', 'What was revenue in 2024?'],
    [
      'What was the average gross margin from FY2023 to FY2025?',
      'And from FY2021 to FY2022?',
      'What was the average gross margin from FY2021 to FY2022?',
    ],
    ['What was revenue in FY2025?', 'What about EBITDA?', 'What was EBITDA in FY2025?'],
    // Another named thing takes the place of the one named before, its measure and period kept.
    [
      'What was Cedar Valley revenue in FY2025?',
      'And for Northgate Cafes?',
      'What was Northgate Cafes revenue in FY2025?',
    ],
    [
      'When does the lease on the Riverside depot end?',
      'And the Elm Street yard?',
      'When does the lease on the Elm Street yard end?',
    ],
    ['Who owns Harbor Valve?', 'And Bayline?', 'Who owns Bayline?'],
  ])('after "%s", reads "%s" as "%s"', (previous, question, whole) => {
    expect(standaloneQuestion(question, after(previous))).toBe(whole)
  })

  it('answers a new, unrelated question as if asked alone, however short', () => {
    const history = after('When must the escrow agreement be signed?')
    expect(standaloneQuestion('Who are the potential buyers?', history)).toBe('Who are the potential buyers?')
    expect(searchQueryFor('Who are the potential buyers?', history)).toBe('Who are the potential buyers?')
  })

  it('searches for what a table shows by the words that introduce a table', () => {
    const query = searchQueryFor('What does the table show?', [])
    expect(query).toMatch(/^What does the table show\? /)
    expect(query).toMatch(/as follows/)
    expect(searchQueryFor('What does the table show about revenue in 2024?', [])).toBe(
      'What does the table show about revenue in 2024?',
    )
  })

  it('searches with the previous question for a follow-up that refers back', () => {
    const history = after('Who approved the succession plan?')
    expect(searchQueryFor('And when was it approved?', history)).toBe(
      'Who approved the succession plan? And when was it approved?',
    )
    // Not a figure question: it is left as asked for the quote to answer.
    expect(standaloneQuestion('And when was it approved?', history)).toBe('And when was it approved?')
  })
})
