import { describe, expect, it } from 'vitest'

import { shortAnswer } from '../../api/ai/answers/short-answer'

describe('the short phrase an answer leads with', () => {
  it('never takes the day of a date for a count', () => {
    expect(
      shortAnswer('How many leases end before 2027?', ['Retail store, Downtown: the lease ends on January 31, 2027.']),
    ).toBeNull()
    expect(shortAnswer('How many people work at the bakery?', ['On 31 March the bakery had 64 people on staff.'])).toBe(
      '64',
    )
  })

  it('gives the figure a question asks for, the one its words sit by, not an aside or the size of a change', () => {
    expect(
      shortAnswer('How much was the debt outstanding as at 2019 year end?', [
        'As of December 31, 2019, we had $54.5 million of debt outstanding (including $0.7 million of debt issuance costs).',
      ]),
    ).toBe('$54.5 million')
    expect(
      shortAnswer('How much was the LinkedIn operating loss in 2018?', [
        'LinkedIn operating loss increased $63 million to $987 million.',
      ]),
    ).toBe('$987 million')
    expect(
      shortAnswer('How much did the LinkedIn operating loss increase in 2018?', [
        'LinkedIn operating loss increased $63 million to $987 million.',
      ]),
    ).toBe('$63 million')
  })

  it('gives each year’s figure of a "respectively" list, in the order asked', () => {
    const sentence =
      'A valuation allowance of $31,400 and $28,500, net, remained as of July 31, 2019 and 2018, respectively.'
    expect(shortAnswer('What was the valuation allowance in 2018 and 2019 respectively?', [sentence])).toBe(
      '$28,500; $31,400',
    )
  })

  it('gives the cause from its connector, in the first sentence that has one', () => {
    expect(
      shortAnswer('Why did the valuation allowance increase in fiscal 2019?', [
        'The valuation allowance increased by $14 million in fiscal 2019.',
        'The increase is mainly attributable to changes in deferred tax assets.',
      ]),
    ).toBe('mainly attributable to changes in deferred tax assets.')
  })

  it('gives what follows the question’s verb or "is" when the words before it name the subject', () => {
    expect(
      shortAnswer('What does total debt outstanding consist of?', [
        '(2) Total debt outstanding consisted of taxable revenue bonds due to the State of Alabama.',
      ]),
    ).toBe('taxable revenue bonds due to the State of Alabama.')
    expect(shortAnswer('What is Lamb Weston?', ['Lamb Weston is a party to an agricultural sublease.'])).toBe(
      'a party to an agricultural sublease.',
    )
    expect(
      shortAnswer('How were operating segments defined as?', [
        'Operating segments are defined as components of an enterprise.',
      ]),
    ).toBe('components of an enterprise.')
  })

  it('gives the year a sentence’s figures compare for, or every year it gives one for', () => {
    const sentence =
      'Amortization of purchased intangibles amounted to $19.5 million in 2019 and $20.8 million in 2018.'
    expect(shortAnswer('In which year is the amortization of purchased intangibles larger?', [sentence])).toBe('2018')
    expect(shortAnswer('In which year is the amortization of purchased intangibles smaller?', [sentence])).toBe('2019')
    expect(shortAnswer('For which years is the amortization of purchased intangibles recorded?', [sentence])).toBe(
      '2019; 2018',
    )
  })

  it('reads what a term refers to or means from "X is"', () => {
    expect(
      shortAnswer('What does Vessel Calendar Days refer to?', [
        '(1) Vessel Calendar Days is the total number of days the vessels were in our fleet.',
      ]),
    ).toBe('the total number of days the vessels were in our fleet.')
  })

  it('picks no figure from a sentence when told not to (a quoted table row holds the figures)', () => {
    const sentence = ['Total amortization expense was $2.5 million during fiscal 2019.']
    expect(shortAnswer('What was the total amortization expense in 2019?', sentence)).toBe('$2.5 million')
    expect(shortAnswer('What was the total amortization expense in 2019?', sentence, { figures: false })).toBeNull()
  })

  it('gives the date a "when" question asks for', () => {
    expect(shortAnswer('When did trading commence?', ['Trading commenced on March 29, 1988.'])).toBe('March 29, 1988')
  })

  it('gives nothing when the sentence holds no such phrase, so the sentence alone answers', () => {
    expect(shortAnswer('What is Goodwill?', ['The excess of the consideration was recorded as goodwill.'])).toBeNull()
    expect(
      shortAnswer('What was the increase in our cost of revenue?', ['We anticipate higher cost of revenue.']),
    ).toBeNull()
    expect(shortAnswer('Who approved the financial statements?', ['They were approved by the Board.'])).toBeNull()
  })
})
