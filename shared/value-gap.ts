import { calendarDay } from './calendar'
import { moneyToCent } from './figures'
import type { ValueGapEntries } from './readiness'

/** The fields of PUT /api/value-gap/, by the name of the stored entry each sets. */
export const ENTRY_FIELDS = {
  goal_after_tax: 'goalAfterTax',
  target_date: 'targetDate',
  ebitda: 'ebitda',
  valuation_low: 'valuationLow',
  valuation_high: 'valuationHigh',
  multiple_low: 'multipleLow',
  multiple_mid: 'multipleMid',
  multiple_high: 'multipleHigh',
  transaction_cost_percent: 'transactionCostPercent',
  tax_percent: 'taxPercent',
} as const satisfies Record<string, keyof ValueGapEntries>
export type EntryField = keyof typeof ENTRY_FIELDS

/** One case of the value gap as the API gives it: exact decimal strings. */
export interface ScenarioFigures {
  case: 'low' | 'mid' | 'high'
  enterprise_value: string
  transaction_costs: string
  tax: string
  net_proceeds: string
  gap: string
  outcome: 'shortfall' | 'surplus' | 'met'
}

export const CASE_LABELS = { low: 'Low', mid: 'Mid', high: 'High' } as const

export const gapText = (scenario: ScenarioFigures) =>
  scenario.outcome === 'met'
    ? 'Goal met exactly'
    : scenario.outcome === 'shortfall'
      ? `Shortfall ${moneyToCent(scenario.gap)}`
      : `Surplus ${moneyToCent(scenario.gap.replace(/^-/, ''))}`

export const GAP_ROW = 'Gap or surplus'

/** The rows of the value gap's table, page and report alike, every figure to the cent (the working keeps every digit). */
export const VALUE_GAP_ROWS: Array<[string, (scenario: ScenarioFigures, goal: string) => string]> = [
  ['Enterprise value', (scenario) => moneyToCent(scenario.enterprise_value)],
  ['Transaction costs', (scenario) => moneyToCent(scenario.transaction_costs)],
  ['Tax', (scenario) => moneyToCent(scenario.tax)],
  ['Net proceeds', (scenario) => moneyToCent(scenario.net_proceeds)],
  ['Goal after tax', (_scenario, goal) => moneyToCent(goal)],
  [GAP_ROW, gapText],
]

/** An input's figure as the page shows it: money grouped, rates with %, multiples with ×, a day in words. */
export function shownValue(key: string, value: string) {
  if (key === 'target_date') return calendarDay(value)
  if (key.endsWith('_percent')) return `${value}%`
  if (key.startsWith('multiple_')) return `${value}×`
  return moneyToCent(value)
}
