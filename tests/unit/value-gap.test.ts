import Decimal from 'decimal.js'
import { describe, expect, it } from 'vitest'

import {
  computeValueGap,
  type InputSource,
  InvalidValueGapInputs,
  sourceText,
  validateValueGapInputs,
  type ValueGapInputs,
} from '../../api/readiness/value-gap/compute'

const entered: InputSource = { kind: 'entered', by: 'Dana Whitfield', at: '2026-11-28' }
const letter: InputSource = {
  kind: 'document',
  documentId: 7,
  title: 'Valuation letter',
  location: 'page 1',
  quote: 'we place the enterprise value of the Company in a range of $6.8 million to $7.9 million',
}
const by = (value: string, source: InputSource = entered) => ({ value, source })

const stated = (overrides: Partial<ValueGapInputs> = {}): ValueGapInputs => ({
  goal: { afterTax: by('5000000'), targetDate: by('2028-06-30') },
  valuation: { kind: 'stated', low: by('6800000', letter), high: by('7900000', letter) },
  transactionCostPercent: by('6.5'),
  taxPercent: by('23.8'),
  ...overrides,
})

const atMultiple = (overrides: Partial<ValueGapInputs> = {}): ValueGapInputs => ({
  goal: { afterTax: by('4000000') },
  valuation: {
    kind: 'multiple',
    ebitda: by('1184000'),
    addBacks: [
      { label: "Owner's salary above market", ...by('85000') },
      { label: 'Legal settlement (one-time)', ...by('42500') },
      { label: 'Family member on payroll', ...by('38000') },
    ],
    multiples: { low: by('4'), mid: by('4.5'), high: by('5.25') },
  },
  transactionCostPercent: by('7'),
  taxPercent: by('20'),
  ...overrides,
})

const fixed = (value: Decimal) => value.toFixed()

describe('the value gap, computed exactly', () => {
  it('takes a stated range and its middle, and works out costs, tax, net proceeds and the gap for each', () => {
    const gap = computeValueGap(stated())
    const { low, mid, high } = gap.scenarios
    expect(fixed(low.enterpriseValue)).toBe('6800000')
    expect(fixed(mid.enterpriseValue)).toBe('7350000')
    expect(fixed(high.enterpriseValue)).toBe('7900000')
    // 6,800,000 × 6.5% = 442,000; (6,800,000 − 442,000) × 23.8% = 1,513,204; net 4,844,796.
    expect(fixed(low.transactionCosts)).toBe('442000')
    expect(fixed(low.proceedsBeforeTax)).toBe('6358000')
    expect(fixed(low.tax)).toBe('1513204')
    expect(fixed(low.netProceeds)).toBe('4844796')
    expect(fixed(low.gap)).toBe('155204')
    expect(low.outcome).toBe('shortfall')
    // 7,350,000 × 0.935 × 0.762 = 5,236,654.5, to the cent and beyond: nothing rounded.
    expect(fixed(mid.netProceeds)).toBe('5236654.5')
    expect(fixed(mid.gap)).toBe('-236654.5')
    expect(mid.outcome).toBe('surplus')
    expect(gap.normalizedEbitda).toBeNull()
    expect(low.working).toEqual([
      'Enterprise value (low): stated as $6,800,000',
      'Transaction costs: $6,800,000 × 6.5% = $442,000',
      'Proceeds before tax: $6,800,000 − $442,000 = $6,358,000',
      'Tax: $6,358,000 × 23.8% = $1,513,204',
      'Net proceeds: $6,358,000 − $1,513,204 = $4,844,796',
      'Gap: $5,000,000 − $4,844,796 = $155,204, a shortfall',
    ])
    expect(mid.working[0]).toBe(
      'Enterprise value (mid): the middle of the stated range, ($6,800,000 + $7,900,000) / 2 = $7,350,000',
    )
    expect(mid.working.at(-1)).toBe('Gap: $5,000,000 − $5,236,654.5 = -$236,654.5, a surplus of $236,654.5')
  })

  it('uses a stated mid-point when the document gives one, instead of the middle of the range', () => {
    const gap = computeValueGap(
      stated({ valuation: { kind: 'stated', low: by('6800000'), mid: by('7200000'), high: by('7900000') } }),
    )
    expect(fixed(gap.scenarios.mid.enterpriseValue)).toBe('7200000')
    expect(gap.scenarios.mid.working[0]).toBe('Enterprise value (mid): stated as $7,200,000')
  })

  it('normalizes EBITDA by adding the add-backs, then values it at each multiple', () => {
    const gap = computeValueGap(atMultiple())
    expect(fixed(gap.normalizedEbitda!.value)).toBe('1349500')
    expect(gap.normalizedEbitda!.working).toBe(
      "Normalized EBITDA: reported $1,184,000 + Owner's salary above market $85,000 + Legal settlement (one-time) $42,500 + Family member on payroll $38,000 = $1,349,500",
    )
    const { low, mid, high } = gap.scenarios
    expect(fixed(low.enterpriseValue)).toBe('5398000')
    expect(fixed(mid.enterpriseValue)).toBe('6072750')
    expect(fixed(high.enterpriseValue)).toBe('7084875')
    expect(low.working[0]).toBe('Enterprise value (low): normalized EBITDA $1,349,500 × 4× = $5,398,000')
    // 5,398,000 × 0.93 × 0.8 = 4,016,112: just over the goal.
    expect(fixed(low.netProceeds)).toBe('4016112')
    expect(fixed(low.gap)).toBe('-16112')
    expect(fixed(high.netProceeds)).toBe('5271147')
  })

  it('lowers EBITDA by an adjustment with a minus sign, and says so in the working', () => {
    const inputs = atMultiple()
    if (inputs.valuation.kind !== 'multiple') throw new Error('a multiple valuation')
    inputs.valuation.addBacks = [{ label: 'Rent below market', ...by('-24000') }]
    const gap = computeValueGap(inputs)
    expect(fixed(gap.normalizedEbitda!.value)).toBe('1160000')
    expect(gap.normalizedEbitda!.working).toBe(
      'Normalized EBITDA: reported $1,184,000 − Rent below market $24,000 = $1,160,000',
    )
  })

  it('adds 0.1 and 0.2 to exactly 0.3, where binary floating point gives 0.30000000000000004', () => {
    const gap = computeValueGap(
      atMultiple({
        goal: { afterTax: by('0.3') },
        valuation: {
          kind: 'multiple',
          ebitda: by('0.1'),
          addBacks: [{ label: 'Cents', ...by('0.2') }],
          multiples: { low: by('1'), mid: by('1'), high: by('1') },
        },
        transactionCostPercent: by('0'),
        taxPercent: by('0'),
      }),
    )
    expect(0.1 + 0.2).not.toBe(0.3)
    expect(fixed(gap.normalizedEbitda!.value)).toBe('0.3')
    expect(gap.scenarios.mid.gap.isZero()).toBe(true)
    expect(gap.scenarios.mid.outcome).toBe('met')
  })

  it('keeps every digit of a long amount and an odd rate (no 20-digit rounding)', () => {
    const gap = computeValueGap(
      stated({
        goal: { afterTax: by('123456789012345.67') },
        valuation: { kind: 'stated', low: by('987654321098765.43'), high: by('987654321098765.43') },
        transactionCostPercent: by('3.3333333333'),
        taxPercent: by('17.123456789'),
      }),
    )
    // Worked out apart with Python's decimal module at 80 digits.
    const { low } = gap.scenarios
    expect(fixed(low.transactionCosts)).toBe('32921810702962.96289296707819')
    expect(fixed(low.tax)).toBe('163483208868160.1683248687207461395066809')
    expect(fixed(low.netProceeds)).toBe('791249301527642.2987821642010638604933191')
    expect(fixed(low.gap)).toBe('-667792512515296.6287821642010638604933191')
  })

  it('says where each input came from: the document and its words, or who entered it and when', () => {
    expect(sourceText(entered)).toBe('entered by Dana Whitfield on 2026-11-28')
    expect(sourceText(letter)).toBe(
      'Valuation letter, page 1: "we place the enterprise value of the Company in a range of $6.8 million to $7.9 million"',
    )
  })

  it('takes Decimals as well as strings, and records each input with its source', () => {
    const gap = computeValueGap(stated({ taxPercent: { value: new Decimal('20'), source: entered } }))
    expect(gap.inputs).toContainEqual({ name: 'Tax rate (%)', value: '20', source: entered })
    expect(gap.inputs).toContainEqual({ name: 'Stated valuation, low', value: '6800000', source: letter })
    expect(gap.inputs).toContainEqual({ name: 'Target date', value: '2028-06-30', source: entered })
  })
})

describe('inputs that cannot be right are refused, each with its message', () => {
  it('refuses rates outside 0–100, negative amounts and figures that are not plain decimals', () => {
    const messages = validateValueGapInputs(
      stated({
        goal: { afterTax: by('-1') },
        transactionCostPercent: by('0.065e2'),
        taxPercent: by('120'),
      }),
    )
    expect(messages).toEqual([
      'The after-tax amount the owner needs cannot be negative.',
      'The transaction cost rate must be a number written with digits and at most one point, such as 1250000 or 6.5.',
      'The tax rate is a percentage and must be between 0 and 100 (6.5 for 6.5%).',
    ])
    expect(() => computeValueGap(stated({ goal: { afterTax: by('3,000,000') } }))).toThrow(
      /The after-tax amount the owner needs must be a number/,
    )
  })

  it('refuses a range whose low end is above its high end, and a mid-point outside it', () => {
    expect(
      validateValueGapInputs(
        stated({ valuation: { kind: 'stated', low: by('8000000'), mid: by('9000000'), high: by('7000000') } }),
      ),
    ).toEqual([
      'The low end of the stated valuation is above its high end.',
      'The stated mid-point valuation lies outside its range.',
    ])
  })

  it('refuses multiples that are not positive or not in order low ≤ mid ≤ high', () => {
    const inputs = atMultiple()
    if (inputs.valuation.kind !== 'multiple') throw new Error('a multiple valuation')
    inputs.valuation.multiples = { low: by('0'), mid: by('5'), high: by('4.5') }
    expect(validateValueGapInputs(inputs)).toEqual([
      'The low multiple must be more than zero.',
      'The mid multiple is above the high multiple.',
    ])
    inputs.valuation.multiples = { low: by('-3'), mid: by('4'), high: by('5') }
    expect(validateValueGapInputs(inputs)).toEqual(['The low multiple must be more than zero.'])
  })

  it('refuses to value a business at a multiple of EBITDA that is not positive', () => {
    const inputs = atMultiple()
    if (inputs.valuation.kind !== 'multiple') throw new Error('a multiple valuation')
    inputs.valuation.ebitda = by('-200000')
    inputs.valuation.addBacks = [{ label: 'Owner bonus', ...by('150000') }]
    let error: unknown
    try {
      computeValueGap(inputs)
    } catch (thrown) {
      error = thrown
    }
    expect(error).toBeInstanceOf(InvalidValueGapInputs)
    expect((error as InvalidValueGapInputs).messages).toEqual([
      'Normalized EBITDA is -$50,000: a business is valued at a multiple of EBITDA only when it is more than zero.',
    ])
  })

  it('refuses a JavaScript number smuggled in, whose 0.1 is not exact', () => {
    const messages = validateValueGapInputs(
      stated({ taxPercent: { value: 0.1 as unknown as string, source: entered } }),
    )
    expect(messages).toEqual([
      'The tax rate must be a number written with digits and at most one point, such as 1250000 or 6.5.',
    ])
  })
})
