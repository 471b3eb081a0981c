import { describe, expect, it } from 'vitest'

import { sentencesOf } from '../../api/ai/text/sentences'
import type { FileType } from '../../api/db/schema'
import { proseFacts } from '../../api/facts/prose-facts'
import type { Fact } from '../../api/facts/types'
import { extractText } from '../../api/ingest/extract-text'
import { generateSaleFile } from '../../scripts/eval/sale-file'

const read = (text: string) => proseFacts([{ kind: 'page', label: null, text }])
/** The facts' figures as "value unit key", for comparing many at once. */
const figures = (facts: Fact[]) => facts.map((fact) => `${fact.value} ${fact.unit ?? '-'} ${fact.measureKey ?? '-'}`)
const only = (text: string) => {
  const facts = read(text)
  expect(facts, text).toHaveLength(1)
  return facts[0]!
}

describe('money in prose', () => {
  it('reads every style of writing an amount, the scale word applied', () => {
    const cases: Array<[string, string, string, number]> = [
      ['The business value is $18 million.', '18000000', '$', 1e6],
      ['The business value is 18 million dollars.', '18000000', '$', 1e6],
      ['The business value is $18M.', '18000000', '$', 1e6],
      ['The business value is $18,000,000.', '18000000', '$', 1],
      ['The business value is USD 18m.', '18000000', '$', 1e6],
      ['The business value is $1.2 billion.', '1200000000', '$', 1e9],
      ['The business value is 18.5 million US dollars.', '18500000', '$', 1e6],
      ['The business value is $950k.', '950000', '$', 1e3],
      ['The business value is $950,000.', '950000', '$', 1],
      ['The business value is nine million dollars.', '9000000', '$', 1e6],
      ['The business value is two hundred and fifty thousand dollars.', '250000', '$', 1e3],
      ['The business value is 2.4 million euros.', '2400000', '€', 1e6],
      ['The business value is £3.5m.', '3500000', '£', 1e6],
    ]
    for (const [text, value, unit, scale] of cases) {
      const fact = only(text)
      expect({ value: fact.value, unit: fact.unit, scale: fact.scale }, text).toEqual({ value, unit, scale })
      expect(fact).toMatchObject({ kind: 'prose', measure: 'business value', measureKey: 'enterprise_value' })
      expect(fact.source).toEqual({ page: 1, row: null, column: null, quote: text })
    }
  })

  it('names a figure outside the lexicon by the words before it', () => {
    expect(only('We paid a legal settlement of $250,000 in March.')).toMatchObject({
      measure: 'legal settlement',
      measureKey: null,
      value: '250000',
    })
  })
})

describe('ranges and midpoints', () => {
  it('reads both ends of a range under one measure, the first taking the scale the second states', () => {
    const ranges = [
      'The company has an enterprise value between 23.1 and 27.3 million dollars.',
      'The fair market value is in the range of $23.1M to $27.3M.',
      'We estimate the business value from $23.1 million to $27.3 million.',
      'Its enterprise value falls in a range of 23.1–27.3 million dollars.',
      'Fair market value: USD 23.1m - USD 27.3m.',
      'We value the company at $23.1 million to $27.3 million.',
    ]
    for (const text of ranges)
      expect(
        read(text).map(({ value, unit, measureKey, bound }) => ({ value, unit, measureKey, bound })),
        text,
      ).toEqual([
        { value: '23100000', unit: '$', measureKey: 'enterprise_value', bound: 'low' },
        { value: '27300000', unit: '$', measureKey: 'enterprise_value', bound: 'high' },
      ])
  })

  it('reads a stated midpoint or concluded value as the mid of the range before it', () => {
    const letter =
      'The fair market value of the Company as of March 31, 2026 is between 23.1 and 27.3 million dollars. ' +
      'The midpoint of 25.2 million dollars is our concluded value.'
    const facts = read(letter)
    expect(facts.map((fact) => [fact.bound, fact.value, fact.measure, fact.measureKey])).toEqual([
      ['low', '23100000', 'fair market value', 'enterprise_value'],
      ['high', '27300000', 'fair market value', 'enterprise_value'],
      ['mid', '25200000', 'fair market value', 'enterprise_value'],
    ])
    // The valuation's date is the range's period, and the midpoint's, which names none.
    for (const fact of facts) expect(fact.period).toMatchObject({ kind: 'as_of', date: '2026-03-31' })

    for (const text of [
      'Within that range, our concluded value is $5.6 million.',
      'We conclude a value of $5.6 million.',
    ])
      expect(only(text)).toMatchObject({ value: '5600000', measureKey: 'enterprise_value', bound: 'mid' })
  })

  it("gives a valuation's loose words no range of fees or sales past them", () => {
    const facts = read(
      'The business is worth more with the lease extended, though fees of $150,000 to $250,000 will apply.',
    )
    expect(facts).toHaveLength(2)
    expect(facts.some((fact) => fact.measureKey === 'enterprise_value')).toBe(false)
  })

  it('reads a change from one figure to another as two figures, no range', () => {
    const facts = read('Revenue grew from $8.9 million to $10.4 million.')
    expect(figures(facts)).toEqual(['8900000 $ revenue', '10400000 $ revenue'])
    expect(facts.every((fact) => fact.bound === undefined)).toBe(true)
  })
})

describe("the owner's after-tax need", () => {
  it('reads the need in the owner’s or the advisor’s words, with the date it is wanted by', () => {
    const cases: Array<[string, string, string | null]> = [
      ['I want at least $9 million after taxes by the end of June 2028.', '9000000', '2028-06-30'],
      ['Need 18 million dollars after tax to retire the way we planned.', '18000000', null],
      ['Greg needs at least $9 million after taxes, by December 31, 2027.', '9000000', '2027-12-31'],
      ['My number is $4.5M, after taxes, in my pocket. I would like to be out before 2028.', '4500000', '2027-12-31'],
      [
        'I want at least $4,500,000 after taxes when this is done. I’d like to be out by 6/30/2027.',
        '4500000',
        '2027-06-30',
      ],
      [
        'We must walk away with USD 7m net of taxes. The sale should close no later than June 30, 2028.',
        '7000000',
        '2028-06-30',
      ],
      ['I need $6 million after-tax. Out by year end 2029.', '6000000', '2029-12-31'],
      [
        'I need to walk away with $5 million after taxes. That is the number that matters to me. ' +
          'As for timing, I would like the sale closed by June 30, 2028 at the latest.',
        '5000000',
        '2028-06-30',
      ],
      // A date a sentence on that is not about the sale is no deadline for it.
      ['I need $5 million after taxes. The lease must be renewed by March 31, 2027.', '5000000', null],
    ]
    for (const [text, value, date] of cases) {
      const facts = read(text).filter((fact) => fact.measureKey === 'after_tax_need')
      expect(facts, text).toHaveLength(1)
      expect(facts[0]!.value, text).toBe(value)
      expect(facts[0]!.period?.date ?? null, text).toBe(date)
      if (date) expect(facts[0]!.period, text).toMatchObject({ kind: 'as_of', year: Number(date.slice(0, 4)) })
    }
  })

  it('is no need when the sentence says nothing of tax', () => {
    expect(read('I want $9 million for the business.').map((fact) => fact.measureKey)).toEqual([null])
  })
})

describe('EBITDA in prose', () => {
  it('reads EBITDA and normalized EBITDA with the fiscal year they are for', () => {
    const cases: Array<[string, string, string, number, string | undefined]> = [
      [
        'We estimate normalized EBITDA for fiscal 2025 at 1.75 million dollars.',
        'adjusted_ebitda',
        '1750000',
        2025,
        undefined,
      ],
      ['EBITDA of $4.2 million in 2025 was a record.', 'ebitda', '4200000', 2025, undefined],
      ['EBITDA for FY25 was $4.2M.', 'ebitda', '4200000', 2025, undefined],
      [
        'Adjusted EBITDA for the year ended June 30, 2025 was $2,310,000.',
        'adjusted_ebitda',
        '2310000',
        2025,
        '2025-06-30',
      ],
      ['In fiscal year 2024 the business earned EBITDA of 1,614,060.', 'ebitda', '1614060', 2024, undefined],
    ]
    for (const [text, key, value, year, date] of cases) {
      const fact = only(text)
      expect({ key: fact.measureKey, value: fact.value, unit: fact.unit }, text).toEqual({ key, value, unit: '$' })
      expect(fact.period, text).toMatchObject({ kind: 'year', year, ...(date ? { date } : {}) })
    }
  })

  it('gives each figure the year nearest it', () => {
    const facts = read('EBITDA was $4.2 million in 2025, up from 3.9 million in 2024.')
    expect(facts.map((fact) => [fact.value, fact.measureKey, fact.period?.year])).toEqual([
      ['4200000', 'ebitda', 2025],
      ['3900000', 'ebitda', 2024],
    ])
  })
})

describe('add-backs in prose', () => {
  it('reads each add-back with what it is for, in the currency of the document', () => {
    const facts = read(
      "Normalized EBITDA is $1.75 million after add-backs of 310 thousand for the owner's salary and 120 thousand for one-time legal fees.",
    )
    expect(facts.map((fact) => [fact.measureKey, fact.value, fact.unit, fact.entity])).toEqual([
      ['adjusted_ebitda', '1750000', '$', null],
      ['add_back', '310000', '$', "owner's salary"],
      ['add_back', '120000', '$', 'one-time legal fees'],
    ])
    expect(
      read('Add-backs: €45,000 for a vehicle lease and €12,500 for personal travel.').map((fact) => fact.entity),
    ).toEqual(['a vehicle lease', 'personal travel'])
  })
})

describe('rent', () => {
  it("reads a lease's rent a month as monthly rent, and no other amount a month", () => {
    const lease =
      'Laboratory: 3789 Riverside Avenue, leased from Miller Family Trust from February 1, 2021 to July 31, 2025, at $22,750 a month.'
    expect(only(lease)).toMatchObject({ value: '22750', measureKey: 'monthly_rent', measure: 'monthly rent' })
    expect(read('We spend about $4,000 a month on fuel.').map((fact) => fact.measureKey)).toEqual([null])
  })
})

describe('percentages', () => {
  it('reads a percentage in digits or words, with what it is a percentage of', () => {
    const shares = [
      'Cascade is 38% of revenue.',
      'Cascade is our biggest customer, about 38 percent of sales last year.',
      'Cascade accounts for thirty-eight percent of total revenue.',
      'Cascade represents 38 per cent of our sales.',
    ]
    for (const text of shares)
      expect(only(text), text).toMatchObject({
        value: '38',
        unit: '%',
        measureKey: 'revenue_share',
        entity: 'Cascade',
      })
    expect(only('Our gross margin was 41.5% in 2025.')).toMatchObject({
      value: '41.5',
      unit: '%',
      measure: 'gross margin',
      measureKey: 'gross_margin',
      period: { kind: 'year', year: 2025 },
    })
    expect(only('The EBITDA margin of 18% is above the industry.')).toMatchObject({ measureKey: 'ebitda_margin' })
  })
})

describe('counts', () => {
  it('reads a headcount however it is written', () => {
    const cases = [
      'The company employs 64 people.',
      'We have 64 employees, full and part time.',
      'Headcount: 64.',
      'The shop has 64 full-time technicians.',
      'There are sixty-four people on the payroll.',
    ]
    for (const text of cases)
      expect(only(text), text).toMatchObject({ value: '64', unit: null, scale: 1, measureKey: 'headcount' })
    expect(only('Our work falls into 3 lines: repair, install and service.')).toMatchObject({
      value: '3',
      measure: 'lines',
      measureKey: null,
    })
  })
})

describe('what is no figure', () => {
  it('reads no years, dates, addresses, phone numbers, codes or durations as facts', () => {
    const none = [
      'It was founded in 1998 by Marta Delgado.',
      'The lease ends on March 31, 2031.',
      'Our plant is at 1450 Orchard St, Boise, ID 83702.',
      'Call us at (208) 555-0142 or 208-555-0199.',
      'The office is Suite 200, No. 3 Main Street.',
      'She intends to sell within two years and stay on for six months.',
      'See Note 4 and page 12 for details.',
      'Quarterly sales FY24 in USD m.',
      'Figures are in $000s.',
    ]
    for (const text of none) expect(read(text), text).toEqual([])
  })

  it('leaves table lines to the table reader', () => {
    const page = [
      'Revenue by channel',
      'Channel | FY2025 revenue (USD)',
      'Wholesale | 4,842,000',
      'Product line Q1 2024 Q2 2024 Q3 2024 Q4 2024 FY2024',
      'Maintenance plans 794 792 780 779 3,145',
      'FY2020 $372',
      'FY2021 $242',
      'The company employs 64 people.',
    ].join('\n')
    expect(figures(read(page))).toEqual(['64 - headcount'])
  })

  it('cites the page a figure is stated on', () => {
    const facts = proseFacts([
      { kind: 'page', label: null, text: 'About us.' },
      { kind: 'page', label: null, text: 'We have 12 employees.' },
    ])
    expect(facts.map((fact) => fact.source.page)).toEqual([2])
  })
})

describe('sentences', () => {
  it('keeps titles, company suffixes, initials, "No. 3", "e.g." and decimals inside a sentence', () => {
    expect(sentencesOf('Dr. Maria Okafor founded Harbor Valve Inc. in 1998 with J. R. Smith. It grew.')).toEqual([
      'Dr. Maria Okafor founded Harbor Valve Inc. in 1998 with J. R. Smith.',
      'It grew.',
    ])
    expect(sentencesOf('The plant is at No. 3 Main St. in Boston. It has 12 presses.')).toEqual([
      'The plant is at No. 3 Main St. in Boston.',
      'It has 12 presses.',
    ])
    expect(
      sentencesOf('The U.S. Army buys valves, e.g. Model 7. Normalized EBITDA is 1.75 million! Why? Prices rose.'),
    ).toEqual([
      'The U.S. Army buys valves, e.g. Model 7.',
      'Normalized EBITDA is 1.75 million!',
      'Why?',
      'Prices rose.',
    ])
    expect(sentencesOf('We sold to Acme Inc. The deal closed in May. "It went well." $5M was paid.')).toEqual([
      'We sold to Acme Inc.',
      'The deal closed in May.',
      '"It went well."',
      '$5M was paid.',
    ])
  })
})

describe('time', () => {
  it('reads a page of 100,000 characters in time linear in its length, whatever it holds', () => {
    const pages = [
      'Harbor Valve has an enterprise value between 23.1 and 27.3 million dollars; Dr. J. R. Smith needs $9M after tax by June 2028. ',
      'one and ',
      '1,',
      '1-',
      '1.',
      'A.',
      'Dr. ',
      '$',
      'nine ',
      'EBITDA ',
      '5% of sales ',
      '555-555-',
      'by 2028 ',
      'fiscal FY ',
      '1 2\n',
      'a-',
    ].map((unit) => unit.repeat(Math.ceil(100_000 / unit.length)))
    for (const text of pages) {
      const started = performance.now()
      read(text)
      // A quadratic reading took 46 s for "one and " repeated; linear ones take well under 0.5 s.
      expect(performance.now() - started, text.slice(0, 20)).toBeLessThan(2_000)
    }
  })
})

describe('generated sale files, seeds 0–99', () => {
  it('reads the valuation range, the concluded value and the after-tax need with its date', async () => {
    const wrong: string[] = []
    for (let seed = 0; seed < 100; seed++) {
      const { company, files } = await generateSaleFile(seed)
      for (const file of files.filter((file) => file.holds.includes('valuation') || file.holds.includes('goal'))) {
        const type = file.name.split('.').at(-1) as FileType
        const { pages } = await extractText(type, new Uint8Array(file.bytes), { maxChars: 1e6, maxUnpackedBytes: 1e8 })
        const facts = proseFacts(pages)
        const read: Record<string, string[]> = {}
        const expected: Record<string, string[]> = {}
        if (file.holds.includes('valuation')) {
          const valuation = company.valuation!
          for (const bound of ['low', 'high', 'mid'] as const)
            read[bound] = facts
              .filter((fact) => fact.measureKey === 'enterprise_value' && fact.bound === bound)
              .map((fact) => fact.value)
          expected.low = [String(valuation.low)]
          expected.high = [String(valuation.high)]
          expected.mid = valuation.concluded ? [String(valuation.concluded)] : []
        }
        if (file.holds.includes('goal')) {
          const needs = facts.filter((fact) => fact.measureKey === 'after_tax_need')
          read.need = needs.map((fact) => `${fact.value} by ${fact.period?.date?.slice(0, 7)}`)
          expected.need = [`${company.goal!.afterTax} by ${company.goal!.byDate.slice(0, 7)}`]
        }
        if (JSON.stringify(read) !== JSON.stringify(expected))
          wrong.push(`seed ${seed} ${file.name}: ${JSON.stringify(read)}, not ${JSON.stringify(expected)}`)
      }
    }
    expect(wrong).toEqual([])
  }, 120_000)
})
