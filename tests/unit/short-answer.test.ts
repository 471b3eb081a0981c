import { describe, expect, it } from 'vitest'

import { asksWhatTableShows, shortAnswer } from '../../api/ai/answers/short-answer'
import { tableCaptionOf } from '../../api/ai/tables/caption'

describe('the short phrase an answer leads with', () => {
  it('never takes the day of a date for a count', () => {
    expect(
      shortAnswer('How many leases end before 2027?', ['Retail store, Downtown: the lease ends on January 31, 2027.']),
    ).toBeNull()
    // The count with the noun asked about, and its hedge: "over 50" is not 50.
    expect(shortAnswer('How many people work at the bakery?', ['On 31 March the bakery had 64 people on staff.'])).toBe(
      '64 people',
    )
    expect(
      shortAnswer('How many countries does the studio sell to?', [
        'The studio sells to over 50 countries through agents.',
      ]),
    ).toBe('over 50 countries')
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
    // Asked how much it changed, not which way: the answer says which way.
    expect(
      shortAnswer('How much did operating income in the bakery segment change by in 2024?', [
        'Operating income in the bakery segment decreased $35 million in 2024.',
      ]),
    ).toBe('decreased $35 million')
  })

  it('gives each year’s figure of a "respectively" list, in the order asked', () => {
    const sentence =
      'A valuation allowance of $31,400 and $28,500, net, remained as of July 31, 2019 and 2018, respectively.'
    expect(shortAnswer('What was the valuation allowance in 2018 and 2019 respectively?', [sentence])).toBe(
      '$28,500; $31,400',
    )
  })

  it('reads the "respectively" list of a sentence of several that names what is asked', () => {
    const sentence =
      'Based on billing addresses, revenue from customers in Norway accounted for 40%, 42%, and 45% of total revenue in ' +
      '2025, 2024, and 2023, respectively; revenue from customers in Chile accounted for 11%, 9%, and 7% of total ' +
      'revenue in 2025, 2024, and 2023, respectively.'
    expect(
      shortAnswer('What was the revenue from customers in Chile in 2023, 2024 and 2025, respectively?', [sentence]),
    ).toBe('7%; 9%; 11%')
    const nested =
      'Amortization expense was $8,100 and $7,600 for 2025 and 2024, respectively, of which $2,300 and $2,050, ' +
      'respectively, related to capitalized software.'
    expect(shortAnswer('What was the amortization expense in 2025 and 2024 respectively?', [nested])).toBe(
      '$8,100; $7,600',
    )
    expect(
      shortAnswer('What was the amortization expense related to capitalized software in 2025 and 2024 respectively?', [
        nested,
      ]),
    ).toBe('$2,300; $2,050')
  })

  it('gives every figure of a "respectively" list for as many names asked respectively', () => {
    const sentence =
      'We expect to contribute $4.2 million and $1.8 million to our pension and retiree medical plans, respectively.'
    expect(
      shortAnswer('How much will the company contribute to its pension and retiree medical plans, respectively?', [
        sentence,
      ]),
    ).toBe('$4.2 million; $1.8 million')
    // Three names, two figures: not the list asked.
    expect(
      shortAnswer('How much will the company contribute to its pension, medical and dental plans, respectively?', [
        sentence,
      ]),
    ).not.toContain(';')
  })

  it('gives the cause from its connector, in the first sentence that has one', () => {
    expect(
      shortAnswer('Why did the valuation allowance increase in fiscal 2019?', [
        'The valuation allowance increased by $14 million in fiscal 2019.',
        'The increase is mainly attributable to changes in deferred tax assets.',
      ]),
    ).toBe('mainly attributable to changes in deferred tax assets.')
  })

  it('gives what caused it without the connector when the question holds the relation itself', () => {
    const sentences = ['Freight costs rose 12% in 2024, mainly due to higher diesel prices and a new depot.']
    expect(shortAnswer('Why did freight costs rise in 2024?', sentences)).toBe(
      'mainly due to higher diesel prices and a new depot.',
    )
    expect(shortAnswer('What led to the rise in freight costs in 2024?', sentences)).toBe(
      'higher diesel prices and a new depot.',
    )
    expect(shortAnswer('What was the rise in freight costs in 2024 mainly due to?', sentences)).toBe(
      'higher diesel prices and a new depot.',
    )
    // "primarily from" marks a cause; "from" alone does not.
    expect(
      shortAnswer('Why was there a tax benefit in 2023?', [
        'The tax benefit arose primarily from the release of a valuation allowance from prior years.',
      ]),
    ).toBe('primarily from the release of a valuation allowance from prior years.')
    expect(
      shortAnswer('What was the increase in operating cash flow driven by?', [
        'The increase was driven by lower stock levels partly offset by higher tax payments.',
      ]),
    ).toBe('lower stock levels partly offset by higher tax payments.')
  })

  it('gives who did it, from "was approved by X" or "X approved", up to the date or clause after it', () => {
    expect(
      shortAnswer('Who approved the accounts?', [
        'The accounts were approved by the audit committee on 4 March 2025 and signed by the chair.',
      ]),
    ).toBe('the audit committee')
    expect(
      shortAnswer('Who signed the letter of intent?', [
        'In June, Albatross Logistics signed the letter of intent with the founders.',
      ]),
    ).toBe('Albatross Logistics')
    expect(shortAnswer('Who runs sales?', ['The sales director, Ana Ortiz, has run sales since 2015.'])).toBe(
      'Ana Ortiz',
    )
    // "Who is the buyer?" asks for a name: a sentence that describes the buyer without naming it does not answer.
    expect(shortAnswer('Who is the buyer?', ['The buyer is a regional distributor of spare parts.'])).toBeNull()
    expect(shortAnswer('Who is the buyer?', ['The buyer is Harlow Parts Inc., a regional distributor.'])).toBe(
      'Harlow Parts Inc.',
    )
  })

  it('gives the name a sentence sets after the subject a "which" or "who" question names', () => {
    expect(
      shortAnswer('Which is the largest customer of the company?', [
        'In 2025 and 2024, the Company’s largest customer, Harbor Foods represented 21% and 19% of revenue.',
      ]),
    ).toBe('Harbor Foods')
    expect(shortAnswer('Who is the head baker?', ['The head baker, Tomas Reyes, has run production since 2015.'])).toBe(
      'Tomas Reyes',
    )
    expect(shortAnswer('Who is the head baker?', ['In 2015, Tomas Reyes opened a second shop.'])).toBeNull()
  })

  it('gives what the subject did, any verb, up to the clause or date after it', () => {
    expect(
      shortAnswer('What did the board approve in 2024?', [
        'In May 2024, the board approved a dividend of $0.40 per share, which was paid in June.',
      ]),
    ).toBe('a dividend of $0.40 per share')
    expect(shortAnswer('What did the owner sign in 2024?', ['The lease was renewed in 2024.'])).toBeNull()
    // A noun of the subject is no verb: the sentence goes on with the question's next words.
    expect(
      shortAnswer('What does the split of receivables and contract assets follow?', [
        'The split of receivables and contract assets closely follows the split of the Group’s sales, see note 4.',
      ]),
    ).toBe('the split of the Group’s sales')
    expect(
      shortAnswer('What do finance leases reflect?', ['Finance leases reflect vehicle and plant lease obligations.']) ??
        '',
    ).not.toMatch(/^reflect/)
  })

  it('gives what a sentence says beyond the question when its opening restates it', () => {
    expect(
      shortAnswer('What results in the earn-out payments?', [
        'Earn-out payments result from revenue above the agreed target in each of the two years after closing.',
      ]),
    ).toBe('revenue above the agreed target in each of the two years after closing')
    expect(
      shortAnswer('What led to the lease charges?', [
        'Lease charges in 2024 primarily related to exiting two depots, which closed in March.',
      ]),
    ).toBe('exiting two depots')
    // A link word is a word of its own: "associated" does not start with "as".
    expect(
      shortAnswer('What program was started in 2024?', [
        'In 2024 we started a program associated with closing two depots.',
      ]),
    ).toBe('associated with closing two depots')
    // A sentence that does not restate the question, or a figure question, gets no phrase of it.
    expect(
      shortAnswer('What is the difference in accrued liabilities between 2023 and 2024?', [
        'Accrued liabilities at June 30, 2024 and 2023, respectively, consisted of the following:',
      ]),
    ).toBeNull()
    expect(shortAnswer('What results in the earn-out payments?', ['The buyer pays in cash at closing.'])).toBeNull()
    expect(
      shortAnswer('What is the earn-out payment in 2026?', ['The earn-out payment is capped by the agreement.']),
    ).toBeNull()
  })

  it('reads a price in pence and a rate as figures', () => {
    expect(
      shortAnswer('What was the average market price per share of the options exercised in 2024?', [
        'The average market price per share of the options exercised in 2024 was 312.5p (2023: n/a).',
      ]),
    ).toBe('312.5p')
    expect(
      shortAnswer('What is the hurdle rate?', [
        'The hurdle rate has been set at 6%, and the plan shares up to 15% of growth above the hurdle rate.',
      ]),
    ).toBe('6%')
    // The price asked, not its equivalent in another currency.
    expect(
      shortAnswer('What is the final dividend per share proposed for 2024?', [
        'The final dividend proposed for 2024 of 4.10 cents per share is equivalent to 3.20 pence per share.',
      ]),
    ).toBe('4.10 cents')
    // The "2 p" of "2 p.m." is no price.
    expect(
      shortAnswer('What was the share price in 2024?', ['Trading closed at 2 p.m. on the last day of 2024.']),
    ).toBeNull()
  })

  it('gives the figure a sentence states for the year asked, not for another', () => {
    const compared = 'Income from charters increased to $41.2 million in 2024 compared to $30.5 million in 2023.'
    expect(shortAnswer('What was the income from charters in 2023?', [compared])).toBe('$30.5 million')
    expect(shortAnswer('What was the income from charters in 2024?', [compared])).toBe('$41.2 million')
    const aside = 'The guarantee in respect of the planning obligations totalled £9.0 million (2023: £8.4 million).'
    expect(
      shortAnswer('What was the guarantee in respect of the planning obligations at 31 December 2023?', [aside]),
    ).toBe('£8.4 million')
    // A list of years is no year of the figure before it.
    expect(
      shortAnswer('What was the depreciation expense in 2024?', [
        'Depreciation expense was $5.2 million, $4.9 million, and $4.1 million in 2024, 2023 and 2022.',
      ]),
    ).toBe('$5.2 million')
  })

  it('gives a term stated by what it consists of or refers to as the whole statement', () => {
    const customers =
      '(2) Retail customers are the shoppers who buy in our stores, while Wholesale customers refers to the distributors that resell our products.'
    expect(shortAnswer('What are wholesale customers?', [customers])).toBe(
      'Wholesale customers refers to the distributors that resell our products',
    )
    // "are" defines: what follows it answers, and never the other clause's statement.
    expect(shortAnswer('What are retail customers?', [customers])).toBe('the shoppers who buy in our stores')
    expect(
      shortAnswer('What is Consulting Fees?', [
        'Consulting Fees consist of fees billed for advice on tax structuring.',
      ]),
    ).toBe('Consulting Fees consist of fees billed for advice on tax structuring')
    // The question's own verb asks for what follows it.
    expect(
      shortAnswer('What is included in consulting fees?', [
        'Consulting fees include fees billed for advice on tax structuring.',
      ]),
    ).not.toMatch(/^Consulting fees include/)
  })

  it('gives the place a "where" question asks for, not the sentence around it', () => {
    expect(
      shortAnswer('Where is the head office located?', [
        'Our head office is located in Leeds, West Yorkshire in a leased building of about 20,000 square feet.',
      ]),
    ).toBe('Leeds, West Yorkshire')
    expect(
      shortAnswer('Where are the subsidiaries disclosed?', ['The subsidiaries are disclosed within note 12.']),
    ).toBe('within note 12')
    // The words of the question after the place are not part of it.
    expect(
      shortAnswer('Where are staff costs included in the income statement?', [
        'Staff costs are included in cost of sales and in administrative expenses in the income statement.',
      ]),
    ).toBe('cost of sales and in administrative expenses')
  })

  it('gives the condition a "when does it happen" question asks for when no date answers', () => {
    expect(
      shortAnswer('When does the bonus accrual reverse?', [
        'If the sales target is not met by year end, then the bonus accrual would be reversed.',
      ]),
    ).toBe('If the sales target is not met by year end')
    expect(
      shortAnswer('When does the company grant the options?', [
        'We grant options that vest only upon the share price closing above the target for twenty days.',
      ]),
    ).toBe('only upon the share price closing above the target for twenty days')
    // A date, when the sentence has one, still answers.
    expect(shortAnswer('When does the lease end?', ['If not renewed, the lease ends on March 31, 2030.'])).toBe(
      'March 31, 2030',
    )
  })

  it('gives the proper name of the kind a "which" question asks for', () => {
    expect(
      shortAnswer('Which exchange are the shares listed on?', [
        'Since 2011 our shares have been listed on the London Stock Exchange under the symbol “BKRY.”',
      ]),
    ).toBe('London Stock Exchange')
    expect(
      shortAnswer('Which accounting standard will apply from 1 January 2026?', [
        'The IASB’s Revised Leasing Standard will apply to the Group from 1 January 2026.',
      ]),
    ).toBe('IASB’s Revised Leasing Standard')
    // What follows the question's closing words and preposition, up to the next clause.
    expect(
      shortAnswer('Which countries does the group run pension plans in?', [
        'The Group runs pension plans in France, Spain and the UK and the Group operates savings plans in Norway.',
      ]),
    ).toBe('France, Spain and the UK')
    // A capitalised word alone is no name of the kind.
    expect(shortAnswer('Which market grew fastest?', ['Market demand grew in every region.'])).toBeNull()
  })

  it('gives what a table shows from the sentence that introduces it', () => {
    expect(tableCaptionOf('The carrying value of goodwill by segment was as follows:')).toBe(
      'The carrying value of goodwill by segment',
    )
    expect(tableCaptionOf('The following table sets forth revenue by region (in thousands):')).toBe('revenue by region')
    expect(tableCaptionOf('Accrued liabilities consisted of the following (in thousands):')).toBe('Accrued liabilities')
    expect(tableCaptionOf('Revenue by channel for the years ended June 30, 2024 and 2023:')).toBe(
      'Revenue by channel for the years ended June 30, 2024 and 2023',
    )
    expect(tableCaptionOf('Revenue grew 8% in 2024.')).toBeNull()
    // The table named after "below", a comma after the verb, a note's number, the date it is at.
    expect(tableCaptionOf('The table below shows the fair values of our notes, excluding leases:')).toBe(
      'the fair values of our notes, excluding leases',
    )
    expect(tableCaptionOf('The following table sets forth, for the periods indicated, gross margin by segment:')).toBe(
      'for the periods indicated, gross margin by segment',
    )
    expect(tableCaptionOf('As of March 31, 2025, maturities of operating lease liabilities were as follows:')).toBe(
      'maturities of operating lease liabilities',
    )
    expect(tableCaptionOf('3) Freight and Handling:')).toBe('Freight and Handling')
    expect(asksWhatTableShows('What does the table show?')).toBe(true)
    expect(asksWhatTableShows('What does the table show about revenue in 2024?')).toBe(false)
  })

  it('gives what follows the question’s verb or "is" when the words before it name the subject', () => {
    expect(
      shortAnswer('What does total debt outstanding consist of?', [
        '(2) Total debt outstanding consisted of taxable revenue bonds due to the State of Alabama.',
      ]),
    ).toBe('taxable revenue bonds due to the State of Alabama.')
    expect(
      shortAnswer('What does the purchase price consist of?', [
        'The purchase price is comprised of cash at closing and an earn-out.',
      ]),
    ).toBe('cash at closing and an earn-out.')
    expect(
      shortAnswer('What is total dividend paid to the owners?', [
        'This amounts to a total dividend of $1.2 million paid to the owners.',
      ]),
    ).toBe('$1.2 million')
    expect(shortAnswer('What is Lamb Weston?', ['Lamb Weston is a party to an agricultural sublease.'])).toBe(
      'a party to an agricultural sublease.',
    )
    // An aside closing the sentence qualifies the answer; it is not part of it.
    expect(
      shortAnswer('What is the depot lease?', ['The depot lease is a ten-year lease (with two renewal options).']),
    ).toBe('a ten-year lease')
    // The subject named last: "… was recorded as goodwill".
    expect(
      shortAnswer('What is goodwill?', [
        'The excess of the purchase price over the fair value of the net assets acquired was recorded as goodwill.',
      ]),
    ).toBe('The excess of the purchase price over the fair value of the net assets acquired')
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
    // No day given: the year it happened in, not what the sentence says after it.
    expect(shortAnswer('When was the bakery founded?', ['The bakery was founded in 1998 by Marta Delgado.'])).toBe(
      '1998',
    )
  })

  it('leaves out the words of the question a phrase repeats', () => {
    expect(
      shortAnswer('What are the transaction costs mainly related to?', [
        'Transaction costs are mainly related to legal fees and a broker’s commission.',
      ]),
    ).toBe('legal fees and a broker’s commission.')
    expect(
      shortAnswer('What does the bakery depend on to plan its production?', [
        'The bakery depends on standing orders from four grocery chains to plan its production.',
      ]),
    ).toBe('standing orders from four grocery chains')
    // One word of the question is the answer's own head.
    expect(shortAnswer('What is liquidity risk?', ['Liquidity risk is the risk that we cannot pay our bills.'])).toBe(
      'the risk that we cannot pay our bills.',
    )
  })

  it('keeps a dollar’s country letters and reads a list past "primarily"', () => {
    expect(
      shortAnswer('What was paid out in final dividends for FY2018?', [
        'The Group paid out S$1.75 billion in final dividends for FY2018.',
      ]),
    ).toBe('S$1.75 billion')
    expect(
      shortAnswer('What does cost of sales consist primarily of?', [
        'Cost of sales consists primarily of flour, butter, packaging and delivery wages.',
      ]),
    ).toBe('flour, butter, packaging and delivery wages.')
  })

  it('gives the name a sentence quotes after the noun asked', () => {
    expect(
      shortAnswer('What is the trading name of the business?', [
        'Since 2011 the shop has traded under the name “Harbor Bakes.”',
      ]),
    ).toBe('Harbor Bakes')
  })

  it('gives the frequency or the length of time asked for', () => {
    expect(
      shortAnswer('How often are the valves inspected?', ['The plant inspects every valve quarterly, by hand.']),
    ).toBe('quarterly')
    expect(
      shortAnswer('Over what period is the customer list amortized?', [
        'The customer list is amortized on a straight-line basis over 7.5 years from the acquisition.',
      ]),
    ).toBe('7.5 years')
  })

  it('reads what follows any participle of a "how is X …" question, and "we" as the company', () => {
    expect(
      shortAnswer('How is inventory valued in the financial statements?', [
        'Inventory is valued at the lower of cost and net realizable value.',
      ]),
    ).toBe('at the lower of cost and net realizable value.')
    expect(
      shortAnswer('What did the company sign in the third quarter?', [
        'In the third quarter we signed a supply agreement with Cascade Water Utilities (CWU) for three years.',
      ]),
    ).toBe('a supply agreement with Cascade Water Utilities (CWU)')
  })

  it('gives the names a sentence sets after the kind asked', () => {
    expect(
      shortAnswer('Which product lines were dropped after the merger?', [
        'Two product lines dropped after the merger, Brass Fittings and Copper Elbows, were sold to a competitor.',
      ]),
    ).toBe('Brass Fittings and Copper Elbows')
  })

  it('gives nothing when the sentence holds no such phrase, so the sentence alone answers', () => {
    expect(shortAnswer('What is Goodwill?', ['Goodwill impairment tests ran in the fourth quarter.'])).toBeNull()
    expect(
      shortAnswer('What was the increase in our cost of revenue?', ['We anticipate higher cost of revenue.']),
    ).toBeNull()
    expect(shortAnswer('Who approved the financial statements?', ['They were approved by the Board.'])).toBeNull()
  })
})
