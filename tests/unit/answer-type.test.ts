import { describe, expect, it } from 'vitest'

import { answerType, isOfType, isTableText, noneOfType } from '../../api/ai/answers/answer-type'
import { shortAnswer } from '../../api/ai/answers/short-answer'
import { extractivePieces, passage } from './support/passages'

describe('the kind of phrase a question asks for', () => {
  it('reads it from the question’s words', () => {
    expect(answerType('How much does the owner need after tax?')).toBe('figure')
    expect(answerType('What share of revenue came from Prototyping in FY2024?')).toBe('figure')
    expect(answerType('What was EBITDA in 2025?')).toBe('figure')
    expect(answerType('What did the shop report as EBITDA for 2023?')).toBe('figure')
    expect(answerType('How many leases end before 2030?')).toBe('count')
    expect(answerType('In which fiscal year was the EBITDA margin highest?')).toBe('year')
    expect(answerType('Which month of FY2024 was slowest?')).toBe('month')
    expect(answerType('When does the lease end?')).toBe('date')
    expect(answerType('Who is the operations manager?')).toBe('name')
    expect(answerType('Who owns the shop?')).toBe('name')
    // A date written day first, a year opening the question, a total without "the".
    expect(answerType('What was the deferred revenue balance at 30 June 2024?')).toBe('figure')
    expect(answerType('In fiscal 2024, what was the rent paid to the landlord?')).toBe('figure')
    expect(answerType('What is total debt owed to the bank?')).toBe('figure')
    expect(answerType('What was the increase in headcount?')).toBe('figure')
    // A rate is a figure: "the hurdle rate", "the standard rate of corporation tax".
    expect(answerType('What is the hurdle rate?')).toBe('figure')
    expect(answerType('What was the standard rate of income tax in Ireland?')).toBe('figure')
    // Words answer these: what something is, why, how.
    expect(answerType('Who is Maria Okafor?')).toBeNull()
    expect(answerType('What is aggregate intrinsic value?')).toBeNull()
    expect(answerType('What is excluded when calculating revenue?')).toBeNull()
    expect(answerType('Why did the gross margin fall in 2024?')).toBeNull()
    expect(answerType('What does the company do?')).toBeNull()
    // A noun or a closing relation that asks for words, though a year is named.
    expect(answerType('What was the key focus of the board in 2024?')).toBeNull()
    expect(answerType('What was the rise in gross margin in 2024 driven by?')).toBeNull()
  })

  it('tells a phrase of that kind from one of another', () => {
    expect(isOfType('figure', '$23,750 a month')).toBe(true)
    expect(isOfType('figure', 'We had no investing activities in 2019.')).toBe(true)
    expect(isOfType('figure', 'We reviewed the financial statements for fiscal years 2022 through 2025.')).toBe(false)
    expect(isOfType('figure', "Customer revenue FY2023-FY2024 USD '000")).toBe(false)
    expect(isOfType('figure', 'Our work falls into 2 lines: repairs, prototyping.')).toBe(false)
    expect(isOfType('name', 'Crossroads Realty')).toBe(true)
    expect(isOfType('name', 'Pennsylvania.')).toBe(false)
    expect(isOfType('date', 'September 30, 2029')).toBe(true)
    expect(isOfType('date', 'when revenue is recognized prior to invoicing')).toBe(true)
    expect(isOfType('date', 'a commercial landscaping company')).toBe(false)
  })
})

describe('a table read as text', () => {
  it('is told from a long sentence of prose by how many of its words are figures', () => {
    expect(
      isTableText(
        'Profit and Loss (in thousands) Year ended December 31, 2021 2022 2023 2024 2025 Net sales $4,189 $4,206 $4,232 $4,267 $4,116 Cost of revenue $2,757 $2,616 $2,327 $2,804 $2,547',
      ),
    ).toBe(true)
    expect(
      isTableText(
        'Net bookings decreased $572 million in 2019 compared to 2018, driven by lower bookings of $210 million from Hearthstone, $180 million from Overwatch, $95 million from World of Warcraft and $87 million from other titles, partly offset by $12 million from new releases.',
      ),
    ).toBe(false)
  })
})

describe('a name for a "who" question', () => {
  it('is the one named by the role or the verb asked', () => {
    expect(shortAnswer('Who owns the shop?', ['Helen Fitzgerald still owns and runs it.'])).toBe('Helen Fitzgerald')
    expect(shortAnswer('Who founded the company?', ['It was founded in 1996 by Maria Duarte.'])).toBe('Maria Duarte')
    // Another verb for the same, a passive with its date between, the doer of the role's verb.
    const founding = 'Polar Peak Heating & Air was founded in 2008 by Angela Bennett, who still owns it.'
    expect(shortAnswer('Who started the business?', [founding])).toBe('Angela Bennett')
    expect(shortAnswer('Who is the owner of the bakery?', ['Sugar Maple Bakery is owned by Joanna Duarte.'])).toBe(
      'Joanna Duarte',
    )
    expect(shortAnswer('What year was the business established?', [founding])).toBe('2008')
    expect(shortAnswer('Who is the controller?', ['Samuel Ramirez (controller) would stay on if a buyer wants.'])).toBe(
      'Samuel Ramirez',
    )
    expect(
      shortAnswer("Who is the company's office manager?", [
        'Teresa Marchetti - operations manager Mei Kowalski - office manager Dan Reyes - sales',
      ]),
    ).toBe('Mei Kowalski')
  })

  it('is no one when the sentence does not name the role, and never a place', () => {
    expect(
      shortAnswer('Who is the operations manager?', [
        'Robert Castellano - office manager, Mei Fitzgerald - sales manager',
      ]),
    ).toBeNull()
    expect(
      shortAnswer('Who is the largest competitor of Blue Spruce?', [
        'Blue Spruce is a commercial landscaping company based in Lancaster, Pennsylvania.',
      ]),
    ).toBeNull()
    expect(
      shortAnswer('Who is the landlord of the machine shop?', ['Machine shop 6809 Enterprise Way, Bend, Oregon']),
    ).toBeNull()
  })

  it('is what the sentence says of the thing asked, not of its owner: "X\'s order backlog" is no description of X', () => {
    expect(
      shortAnswer("What is Redline HVAC Services' current order backlog?", [
        'Redline HVAC Services is a heating and air conditioning contractor based in Bend, Oregon.',
      ]),
    ).toBeNull()
    expect(
      shortAnswer("What is the company's main product?", ["The company's main product is a precision valve."]),
    ).toBe('a precision valve.')
  })
})

describe('an answer with nothing of the kind asked', () => {
  it('says so, and quotes the closest sentences below as evidence, not as the answer', async () => {
    const letter = passage(
      'We reviewed the Company’s financial statements for fiscal years 2022 through 2025 and interviewed management about capex.',
    )
    const pieces = await extractivePieces('How much did the company spend on capex from 2023 through 2025?', [letter])
    expect(pieces[0]).toBe(noneOfType('figure'))
    expect(pieces.join('')).toContain('> We reviewed the Company’s financial statements')
    const owners = passage('Our team: Helen Fitzgerald, owner and president; Samuel Sato, sales manager.')
    expect((await extractivePieces('When does Helen Fitzgerald want to be done with the sale?', [owners]))[0]).toBe(
      noneOfType('date'),
    )
  })

  it("quotes a sentence about X as evidence only when asked for X's something it never names", async () => {
    const profile = passage('Redline HVAC Services is a heating and air conditioning contractor based in Bend, Oregon.')
    const pieces = await extractivePieces("What is Redline HVAC Services' current order backlog?", [profile])
    expect(pieces[0]).toMatch(/^I could not find an answer to that in your documents/)
    expect(pieces.join('')).toContain('> Redline HVAC Services is a heating')
  })

  it('gives no date from a sentence about something else for when the thing asked of happens', async () => {
    const goals = passage("I'd like to be out by the end of December 2026. The buyer should keep the team.")
    const pieces = await extractivePieces('When does the lease end?', [goals])
    expect(pieces[0]).toMatch(/^I could not find an answer to that in your documents/)
    const lease = passage('The lease of the yard ends on December 31, 2028.')
    expect((await extractivePieces('When does the lease end?', [lease]))[0]).toBe('December 31, 2028')
    // The business is every document's subject: a sentence need not name it.
    const founding = passage('It was founded in 1998 by Maria Lopez.')
    expect((await extractivePieces('When was the company founded?', [founding]))[0]).toBe('1998')
  })

  it('still quotes a sentence that holds a figure for a figure question', async () => {
    const lease = passage('The yard and garage are leased from Parkway Holdings at $23,750 a month.')
    const pieces = await extractivePieces('What is the annual rent for the yard and garage?', [lease])
    expect(pieces.join('')).toContain('$23,750')
    expect(pieces[0]).not.toBe(noneOfType('figure'))
  })
})
