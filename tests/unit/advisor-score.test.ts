import { describe, expect, it } from 'vitest'

import { type AdvisorQuestion, figuresOf, leadingLine, scoreAdvisorAnswer } from '../../scripts/eval/advisor-score'

const question = (overrides: Partial<AdvisorQuestion>): AdvisorQuestion => ({
  id: 'q',
  question: 'What was revenue in FY2023?',
  answer: ['7688000'],
  kind: 'lookup',
  scale: '',
  source: [],
  answerable: true,
  ...overrides,
})

describe('the answer an advisor reads', () => {
  it('is the first non-empty line, without citation markers or a quotation mark', () => {
    expect(leadingLine('\n\n> Revenue was $7,688,000 in FY2023 [1].\nWorking: …')).toBe(
      'Revenue was $7,688,000 in FY2023.',
    )
  })

  it('leaves periods and dates out of the figures it states', () => {
    expect(figuresOf('At December 31, 2025 receivables were $731,000 (FY2025)').map((f) => f.value)).toEqual([731000])
    expect(figuresOf('From 2021-2025 revenue grew 8.71% a year').map((f) => f.value)).toEqual([8.71])
  })

  it('reads parentheses and a minus as negative, and scale words', () => {
    expect(figuresOf('$(22) thousand')).toEqual([{ value: -22, decimals: 0, unit: 1e3, percent: false }])
    expect(figuresOf('−1.5 million')[0]).toMatchObject({ value: -1.5, unit: 1e6 })
    expect(figuresOf('18.0%')[0]).toMatchObject({ value: 18, decimals: 1, percent: true })
  })
})

describe('scoring a figure', () => {
  it('takes the same figure written in any scale, rounded to the gold decimals', () => {
    expect(scoreAdvisorAnswer('$7,688,000', question({}))).toBe('right')
    expect(scoreAdvisorAnswer('$7.688 million [2]', question({}))).toBe('right')
    expect(scoreAdvisorAnswer('7,688 thousand', question({}))).toBe('right')
    expect(scoreAdvisorAnswer('$1.45 million', question({ answer: ['1452'], scale: 'thousand' }))).toBe('right')
    expect(scoreAdvisorAnswer('8.824%', question({ answer: ['8.82%'] }))).toBe('right')
    expect(scoreAdvisorAnswer('18%', question({ answer: ['18.0%'] }))).toBe('right')
    expect(scoreAdvisorAnswer('$(22) thousand', question({ answer: ['-22'], scale: 'thousand' }))).toBe('right')
  })

  it('counts a rounder or another figure as wrong, and a figure stated after the first', () => {
    expect(scoreAdvisorAnswer('$8 million', question({}))).toBe('wrong')
    expect(scoreAdvisorAnswer('8.8%', question({ answer: ['8.82%'] }))).toBe('wrong')
    expect(scoreAdvisorAnswer('33%', question({ answer: ['9.41%'] }))).toBe('wrong')
    expect(scoreAdvisorAnswer('$7,340,000 or $7,688,000', question({}))).toBe('wrong')
    expect(scoreAdvisorAnswer('| Year | Net sales |\n$7,688,000', question({}))).toBe('wrong')
    expect(scoreAdvisorAnswer('8.82', question({ answer: ['8.82%'] }))).toBe('wrong')
  })

  it('needs every figure of a multi-part answer, in order', () => {
    const both = question({ answer: ['611000', '644000'], kind: 'multi' })
    expect(scoreAdvisorAnswer('$611,000; $644,000', both)).toBe('right')
    expect(scoreAdvisorAnswer('$611,000', both)).toBe('wrong')
  })
})

describe('a gold figure that looks like a year', () => {
  it('is a figure of dollars when the question asks an amount', () => {
    expect(scoreAdvisorAnswer('The loan fell by $2,000 in FY2025.', question({ answer: ['2000'] }))).toBe('right')
    expect(scoreAdvisorAnswer('The loan fell by $3,000.', question({ answer: ['2000'] }))).toBe('wrong')
  })

  it('is the year itself when the question asks which year', () => {
    const which = question({ kind: 'compare', answer: ['2024'], question: 'In which year was net income highest?' })
    expect(scoreAdvisorAnswer('FY2024, at $1.2 million.', which)).toBe('right')
    expect(scoreAdvisorAnswer('2023 had the highest net income.', which)).toBe('wrong')
  })
})

describe('scoring text and what the files do not hold', () => {
  it('needs every gold string in the first line', () => {
    const buyers = question({ answer: ['Greenleaf Markets', 'FreshWay Grocers'], kind: 'multi' })
    expect(scoreAdvisorAnswer('Greenleaf Markets; FreshWay Grocers [1]', buyers)).toBe('right')
    expect(scoreAdvisorAnswer('Greenleaf Markets\nFreshWay Grocers', buyers)).toBe('wrong')
    expect(scoreAdvisorAnswer('It was founded in 1998.', question({ answer: ['1998'], kind: 'text' }))).toBe('right')
  })

  it('counts saying the files do not hold it as abstained, or right when they do not', () => {
    const absent = question({ answer: [], kind: 'absent', answerable: false })
    expect(scoreAdvisorAnswer('The documents give revenue for FY2021–FY2025, not FY2019.', absent)).toBe('right')
    expect(scoreAdvisorAnswer('The documents do not give revenue for FY2019; they hold FY2021–FY2025.', absent)).toBe(
      'right',
    )
    expect(scoreAdvisorAnswer('I could not find an answer to that in your documents.', absent)).toBe('right')
    expect(scoreAdvisorAnswer('I could not find an answer to that in your documents.', question({}))).toBe('abstained')
    expect(scoreAdvisorAnswer('> Marketing is handled by the owner [1].', absent)).toBe('wrong')
  })
})
