import { describe, expect, it } from 'vitest'

import { readBusinessTerm } from '../../api/facts/answers/business-term-answer'
import { readRole } from '../../api/facts/answers/role-answer'
import { businessTerms } from '../../api/facts/business-terms'
import type { StoredTerm } from '../../api/facts/organization-terms'

const page = (text: string) => ({ kind: 'page' as const, label: null, text })
const read = (text: string) => businessTerms([page(text)]).map((term) => [term.termKey, term.text])
const stored = (...texts: string[]): StoredTerm[] =>
  texts.flatMap((text, index) =>
    businessTerms([page(text)]).map((term) => ({ ...term, documentId: index + 1, title: `Profile ${index + 1}` })),
  )

const PROFILE = `Redline HVAC Services is a heating and air conditioning contractor based in Lancaster, Pennsylvania. It was
founded in 1989 by Helen Marchetti. Helen Marchetti still owns and runs it.
Headcount: 75.
Key people
Helen Marchetti - owner and president
Robert Marchetti - controller`

describe('what a profile says of the business, read at ingestion', () => {
  it('reads the name, the founding year and founder, the owner, the headcount and the place', () => {
    expect(read(PROFILE).filter(([key]) => key !== 'role')).toEqual([
      ['name', 'Redline HVAC Services'],
      ['location', 'Lancaster, Pennsylvania'],
      ['founded', '1989'],
      ['founder', 'Helen Marchetti'],
      ['owner', 'Helen Marchetti'],
      ['headcount', '75'],
      ['owner', 'Helen Marchetti'],
    ])
  })

  it('reads the forms owners write them in, and not a company or a count of something else', () => {
    expect(read('Dr. Maria Okafor founded the laboratory in 2008. Today it is owned by J. R. Smith.')).toEqual([
      ['founder', 'Dr. Maria Okafor'],
      ['owner', 'J. R. Smith'],
    ])
    expect(read('The company employs 1,240 people.')).toEqual([['headcount', '1,240']])
    expect(read('We have 66 employees, full and part time.')).toEqual([['headcount', '66']])
    expect(read('The plant was acquired by Acme Holdings LLC in 2019. It ships 52 trucks a week.')).toEqual([])
  })

  it("reads the team's roles by line or in a list, the role as the term's entity", () => {
    const roles = (text: string) =>
      businessTerms([page(text)]).flatMap((term) => (term.termKey === 'role' ? [[term.entity, term.text]] : []))
    expect(roles(PROFILE)).toEqual([
      ['owner and president', 'Helen Marchetti'],
      ['controller', 'Robert Marchetti'],
    ])
    expect(roles('Our team: Helen Fitzgerald, owner and president; Samuel Sato, sales manager, CFO.')).toEqual([
      ['owner and president', 'Helen Fitzgerald'],
    ])
    // A customer named with what it is, a figure with its change: no one's role.
    expect(roles('Ridgeline Builders, our largest customer, pays on time.\nRevenue - up 12% this year')).toEqual([])
  })

  it('answers who holds a role of the business, and leaves a role of someone else or of two people', () => {
    const terms = stored(`Summit Prosthetics Lab is a dental lab based in Fort Collins, Colorado.
Key people
Greg Marchetti - office manager
Robert Marchetti - CFO
Ann Reyes - sales manager
Tom Reyes - sales manager`)
    expect(readRole("Who is Summit Prosthetics Lab's office manager?", terms)?.figure).toBe('Greg Marchetti')
    expect(readRole("Who is the company's CFO?", terms)).toMatchObject({
      strategy: 'business-role',
      figure: 'Robert Marchetti',
    })
    expect(readRole("Who is Ridgeline Builders' office manager?", terms)).toBeNull()
    expect(readRole('Who is the sales manager?', terms)).toBeNull()
    expect(readRole('Who is the landlord of the laboratory?', terms)).toBeNull()
  })

  it("reads the business's name where a profile opens with it, its form kept, and no pronoun for one", () => {
    expect(read('Harbor Valve & Fitting Co., Inc. is a family-owned manufacturer of industrial valves.')).toEqual([
      ['name', 'Harbor Valve & Fitting Co., Inc'],
    ])
    expect(read('Summit Prosthetics Lab was founded in 2001 by Dr. Ann Reyes.')).toEqual([
      ['name', 'Summit Prosthetics Lab'],
      ['founded', '2001'],
      ['founder', 'Dr. Ann Reyes'],
    ])
    expect(read('It was founded in 1998. The company is a landscaping firm based in Bend, Oregon.')).toEqual([
      ['founded', '1998'],
      ['location', 'Bend, Oregon'],
    ])
    // A customer or a supplier named in passing is no profile of the business.
    expect(read('Ridgeline Builders is our largest customer. Acme Supply ships our stone.')).toEqual([])
    expect(read("The owner's salary is $180,000.")).toEqual([])
  })
})

describe('a question on the business', () => {
  const terms = stored(PROFILE)
  it('is answered from the one thing the documents say, in the forms people ask it', () => {
    const answer = (question: string) => readBusinessTerm(question, terms)?.figure ?? null
    expect(answer('Who started the company?')).toBe('Helen Marchetti')
    expect(answer('When was Redline HVAC Services founded?')).toBe('1989')
    expect(answer('What year was the business established?')).toBe('1989')
    expect(answer('Who is the owner of the company?')).toBe('Helen Marchetti')
    expect(answer('How many people does the company employ?')).toBe('75')
    expect(answer('How many employees does the business have?')).toBe('75')
    expect(answer('Where is the business located?')).toBe('Lancaster, Pennsylvania')
    expect(readBusinessTerm('Who started the company?', terms)).toMatchObject({ strategy: 'business-founder' })
  })

  it('is left to the passages when it asks of something else, or the documents differ', () => {
    expect(readBusinessTerm('When does the lease start?', terms)).toBeNull()
    expect(readBusinessTerm('Who owns the building?', terms)).toBeNull()
    expect(readBusinessTerm('What was revenue in 2024?', terms)).toBeNull()
    const differing = stored(PROFILE, 'Headcount: 80.')
    expect(readBusinessTerm('How many people does the company employ?', differing)).toBeNull()
  })
})
