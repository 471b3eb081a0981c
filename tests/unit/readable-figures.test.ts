import { describe, expect, it } from 'vitest'

import {
  groupedAmount,
  moneyFigure,
  namesIdentifiers,
  readableCell,
  readableFigure,
  readableMoneyIn,
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
})
