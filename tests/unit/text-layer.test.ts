import { describe, expect, it } from 'vitest'

import { isYear, isYearLabel, MONTH_YEAR, monthIndex, yearsIn } from '../../api/ai/text/calendar'
import { numberWordsBetween } from '../../api/ai/text/number-words'
import { scaleWord } from '../../api/ai/text/scales'
import { sentencePieces, sentencesOf } from '../../api/ai/text/sentences'

describe('the sentence splitter', () => {
  it('keeps a company named in brackets after its suffix, and ends a sentence after one before a capital', () => {
    expect(
      sentencesOf('Harbor Valve Inc. (the “Company”) makes valves. It sold to Acme Corp. The deal closed.'),
    ).toEqual(['Harbor Valve Inc. (the “Company”) makes valves.', 'It sold to Acme Corp.', 'The deal closed.'])
  })

  it('cuts a text into pieces that keep their whitespace and join back into it, at sentence ends and line breaks', () => {
    const text = 'Dr. Maria Okafor founded the lab.  It has 41 technicians.\nHeadcount\n\n  The lease runs until 2029. '
    const pieces = sentencePieces(text)
    expect(pieces.join('')).toBe(text)
    expect(pieces).toEqual([
      'Dr. Maria Okafor founded the lab.  ',
      'It has 41 technicians.\n',
      'Headcount\n\n  ',
      'The lease runs until 2029. ',
    ])
  })

  it('keeps "Dr." inside the sentence where ICU’s segmenter, which the chunker used, cut it', () => {
    const text = 'The lab was founded by Dr. Maria Okafor in 2008. It has 41 technicians.'
    const icu = [...new Intl.Segmenter('en', { granularity: 'sentence' }).segment(text)].map(({ segment }) =>
      segment.trim(),
    )
    expect(icu[0]).toBe('The lab was founded by Dr.')
    expect(sentencesOf(text)).toEqual(['The lab was founded by Dr. Maria Okafor in 2008.', 'It has 41 technicians.'])
  })

  it('reads a long run without sentence ends in one pass', () => {
    const text = `${'Mr. A '.repeat(500_000)}end.`
    expect(sentencePieces(text)).toHaveLength(1)
  })
})

describe('the calendar', () => {
  it('knows a year from a label naming one and from a figure', () => {
    expect(['2024', '1998', '2099'].map(isYear)).toEqual([true, true, true])
    expect(['FY2024', '2024E', '1899', '12024'].map(isYear)).toEqual([false, false, false, false])
    expect(['FY2024', 'FY 2024', "FY'2024", 'Fiscal 2024', 'fiscal year 2024', ' 2024 '].map(isYearLabel)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ])
    expect(['2024 Q1', 'Dec 2024', '24'].map(isYearLabel)).toEqual([false, false, false])
  })

  it('reads months by name or abbreviation, and a month with its year', () => {
    expect(['January', 'sept', 'Sep.', 'DEC', 'may'].map(monthIndex)).toEqual([0, 8, 8, 11, 4])
    expect(['Ja', 'Month', ''].map(monthIndex)).toEqual([-1, -1, -1])
    const monthYear = new RegExp(MONTH_YEAR, 'i')
    expect(['March 2025', 'Sept. 2024', 'dec 2023'].map((text) => monthYear.test(text))).toEqual([true, true, true])
    expect(monthYear.test('Marching 2025')).toBe(false)
    expect(yearsIn('From FY2023 to 2025, not 12025 or 1850.')).toEqual([2023, 2025])
  })
})

describe('number and scale words', () => {
  it('spells the number words of a range, and reads a scale word in either number', () => {
    expect(numberWordsBetween(2, 4)).toBe('(?:two|three|four)')
    expect(['Millions', 'thousand', 'bn'].map(scaleWord)).toEqual(['million', 'thousand', null])
  })
})
