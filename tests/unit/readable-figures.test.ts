import { describe, expect, it } from 'vitest'

import {
  exactFigure,
  groupedAmount,
  moneyFigure,
  moneyToCent,
  namesIdentifiers,
  readableCell,
  readableFigure,
  readableMoneyIn,
  statedCell,
  unitNamed,
} from '../../shared/figures'

describe('figures grouped for reading', () => {
  it.each([
    ['21800000', '21,800,000'],
    ['-1496.5', '-1,496.5'],
    ['1496.25', '1,496.25'],
    ['1452.45', '1,452.45'],
    ['12345', '12,345'],
    ['-452000', '-452,000'],
    ['(452000)', '(452,000)'],
    ['$21800000', '$21,800,000'],
    ['-$452000', '-$452,000'],
    ['US$ 26100000', 'US$ 26,100,000'],
    ['1234567.000', '1,234,567.000'],
    ['123456789012345678901234', '123,456,789,012,345,678,901,234'],
  ])('groups %s as %s, every digit kept', (cell, readable) => {
    expect(readableFigure(cell)).toBe(readable)
    expect(readable.replace(/,/g, '')).toBe(cell)
  })

  it.each([
    '2024',
    '2023',
    '1,496.5',
    '$1,496.5',
    'FY2023',
    '12.5%',
    'N/A',
    '00123',
    '0012345A',
    '0012345',
    '555-123-4567',
    '+44 20 7946 0958',
    '(452000',
    '',
  ])('leaves %j as written', (cell) => {
    expect(readableFigure(cell)).toBe(cell)
  })

  it('leaves the cells of an id, code or phone column as written, whatever their digits', () => {
    expect(readableCell('48213', 'customer_id')).toBe('48213')
    expect(readableCell('4155550123', 'Phone')).toBe('4155550123')
    expect(readableCell('90210', 'ZIP code')).toBe('90210')
    expect(readableCell('100234', 'Invoice no.')).toBe('100234')
    expect(readableCell('21800000', 'Revenue (USD)')).toBe('21,800,000')
    expect(readableCell('21800000', 'revenue_usd', '2023')).toBe('21,800,000')
    expect(namesIdentifiers('accountNumber')).toBe(true)
    expect(namesIdentifiers('Revenue per year')).toBe(false)
    expect(namesIdentifiers('Account number')).toBe(true)
    expect(namesIdentifiers('Paid (USD)')).toBe(false)
    expect(namesIdentifiers('Number of employees')).toBe(false)
  })

  it('groups money in prose only where the text marks it as money, and never inside a quotation', () => {
    expect(readableMoneyIn('Revenue was $21800000, up from $18200000.50 in 2023.')).toBe(
      'Revenue was $21,800,000, up from $18,200,000.50 in 2023.',
    )
    expect(readableMoneyIn('A fee of USD 1250000 and 4500000 dollars.')).toBe(
      'A fee of USD 1,250,000 and 4,500,000 dollars.',
    )
    // Years, ids, phone numbers, codes and figures already grouped stay as the text writes them.
    for (const text of [
      'Founded in 2009, company no. 04567123, phone 02079460958.',
      'Account 12345678 holds $1,250,000.',
      'Order 21800000 shipped.',
    ])
      expect(readableMoneyIn(text)).toBe(text)
    expect(readableMoneyIn('Confirm the earnings ("EBITDA of $3100000") of $3100000.')).toBe(
      'Confirm the earnings ("EBITDA of $3100000") of $3,100,000.',
    )
  })

  it('groups the digits of a phrase known to be an amount, and no others', () => {
    expect(groupedAmount('$21800000')).toBe('$21,800,000')
    expect(groupedAmount('21800000 thousand')).toBe('21,800,000 thousand')
    expect(groupedAmount('£3.5 million')).toBe('£3.5 million')
    expect(groupedAmount('$2019')).toBe('$2019')
    expect(groupedAmount('00123')).toBe('00123')
  })

  it('writes an exact amount of money with every digit, grouped even at four digits', () => {
    expect(moneyFigure('5219747.244')).toBe('$5,219,747.244')
    expect(moneyFigure('-219747.244')).toBe('-$219,747.244')
    expect(moneyFigure('1234')).toBe('$1,234')
    expect(moneyFigure('0')).toBe('$0')
    expect(moneyFigure('123456789012345678.5')).toBe('$123,456,789,012,345,678.5')
  })

  it('writes an exact computed figure with every digit, grouped even at four digits, and no sign on a zero', () => {
    expect(exactFigure('-1452.45')).toBe('-1,452.45')
    expect(exactFigure('1234')).toBe('1,234')
    expect(exactFigure('6.5')).toBe('6.5')
    expect(exactFigure('-0.00')).toBe('0.00')
    expect(moneyFigure('-0')).toBe('$0')
    expect(exactFigure('12 apples')).toBe('12 apples')
  })

  it('writes a computed amount to the cent, rounding half a cent up on its digits', () => {
    expect(moneyToCent('1630314.756')).toBe('$1,630,314.76')
    expect(moneyToCent('1509550.7')).toBe('$1,509,550.70')
    expect(moneyToCent('-219747.244')).toBe('-$219,747.24')
    expect(moneyToCent('5000000')).toBe('$5,000,000')
    expect(moneyToCent('5000000.000')).toBe('$5,000,000')
    expect(moneyToCent('0.005')).toBe('$0.01')
    expect(moneyToCent('99.995')).toBe('$100')
    expect(moneyToCent('123456789012345678.5')).toBe('$123,456,789,012,345,678.50')
  })
})

describe('a cell quoted apart from its table (issue 47, item 13)', () => {
  it('carries the unit its row, column or sheet names, grouped', () => {
    expect(statedCell('26100000', 'Revenue', 'FY2025', 'P&L (USD)')).toBe('$26,100,000')
    expect(statedCell('8091000', 'Cascade Water Utilities', 'fy2025_revenue_usd')).toBe('$8,091,000')
    expect(statedCell('-452000', 'Net income (USD)')).toBe('-$452,000')
    expect(statedCell('(452000)', 'Net income ($)')).toBe('($452,000)')
    expect(statedCell('31', 'Cascade Water Utilities', 'share_of_revenue_percent')).toBe('31%')
    expect(statedCell('12.5', 'Gross margin %', 'FY2025')).toBe('12.5%')
    expect(statedCell('1450000', 'Revenue', 'FY2025 (EUR)')).toBe('€1,450,000')
    expect(statedCell('1450000', 'revenue2024Gbp')).toBe('£1,450,000')
  })

  it('is only grouped where no label names a unit, or where one names a scale the digits are in', () => {
    expect(statedCell('26100000', 'Revenue', 'FY2025')).toBe('26,100,000')
    expect(statedCell('26100', 'Revenue ($000)', 'FY2025')).toBe('26,100')
    expect(statedCell('26.1', 'Revenue', 'FY2025', 'USD millions')).toBe('26.1')
  })

  it('never invents a currency: another dollar, a count, cents, a year or a code stay as they are', () => {
    expect(statedCell('1450000', 'Revenue (C$)')).toBe('1,450,000')
    expect(statedCell('1450000', 'Revenue', 'P&L (CAD dollars)')).toBe('1,450,000')
    expect(statedCell('48', 'Employees', 'P&L (USD)')).toBe('48')
    expect(statedCell('125', 'EPS (cents)', 'P&L (USD)')).toBe('125')
    expect(statedCell('2024', 'Year', 'Sheet (USD)')).toBe('2024')
    expect(statedCell('00123', 'account_code', 'P&L (USD)')).toBe('00123')
    expect(statedCell('48213', 'customer_id', 'Revenue (USD)')).toBe('48213')
    expect(statedCell('$21800000', 'Revenue (EUR)')).toBe('$21,800,000')
    expect(statedCell('Cascade', 'customer', 'P&L (USD)')).toBe('Cascade')
  })

  it('reads a unit from the labels as people and machines write them', () => {
    expect(unitNamed('Share of revenue (%)')).toBe('%')
    expect(unitNamed('pct_of_total')).toBe('%')
    expect(unitNamed('Revenue', 'US$')).toBe('$')
    expect(unitNamed('Amount', 'in US dollars')).toBe('$')
    expect(unitNamed('Revenue', 'NZ$')).toBeNull()
    expect(unitNamed('Revenue', 'FY2025')).toBeNull()
  })
})
