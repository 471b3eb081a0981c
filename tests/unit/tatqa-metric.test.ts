import { describe, expect, it } from 'vitest'

import { normalizeAnswer, scoreAnswer, toNumber } from '../../scripts/eval/tatqa'

describe("TAT-QA's answer measures", () => {
  it('read numbers with scale words, parentheses and percent signs as upstream does', () => {
    expect(toNumber('$9.8 million')).toBe(9_800_000)
    expect(toNumber('(9.8)')).toBe(-9.8)
    expect(toNumber('12%')).toBe(0.12)
    expect(toNumber('1,149')).toBe(1149)
  })

  it('normalise token by token: case, punctuation and articles gone, numbers as values', () => {
    expect(normalizeAnswer('The Board of Directors.')).toBe('board of directors')
    expect(normalizeAnswer('$1,149.50 in 2019')).toBe('1149.5 in 2019')
  })

  it('compare numbers after scale: a figure with its scale word matches the gold with its scale', () => {
    const gold = { answer: 293.6, answer_type: 'arithmetic', scale: 'million' }
    expect(scoreAnswer('$293.6 million', gold)).toEqual({ exact: 1, f1: 1 })
    expect(scoreAnswer('293.6', gold)).toEqual({ exact: 0, f1: 0 })
    expect(scoreAnswer('$293.6 thousand', gold)).toEqual({ exact: 0, f1: 0 })
  })

  it('match a percentage to a gold answer in percent, rounded to the gold answer’s decimals', () => {
    expect(scoreAnswer('24.41%', { answer: 24.41, answer_type: 'arithmetic', scale: 'percent' }).exact).toBe(1)
    expect(scoreAnswer('24.41%', { answer: 24.4, answer_type: 'arithmetic', scale: 'percent' }).exact).toBe(1)
    expect(scoreAnswer('24.46%', { answer: 24.4, answer_type: 'arithmetic', scale: 'percent' }).exact).toBe(0)
  })

  it('score several spans as one bag whatever their order, with partial credit in F1', () => {
    const gold = { answer: ['161', '186'], answer_type: 'multi-span', scale: 'thousand' }
    expect(scoreAnswer(['$186 thousand', '$161 thousand'], gold)).toEqual({ exact: 1, f1: 1 })
    expect(scoreAnswer(['$186 thousand'], gold)).toEqual({ exact: 0, f1: 0.67 })
  })

  it('give a span partial credit for its shared words, and arithmetic none', () => {
    expect(scoreAnswer('the Board of Directors', { answer: ['the Board of Directors'], answer_type: 'span' })).toEqual({
      exact: 1,
      f1: 1,
    })
    expect(scoreAnswer('Approved by the Board', { answer: ['the Board of Directors'], answer_type: 'span' }).f1).toBe(
      0.33,
    )
    expect(scoreAnswer('12 years', { answer: 12.5, answer_type: 'arithmetic', scale: '' })).toEqual({ exact: 0, f1: 0 })
  })
})
