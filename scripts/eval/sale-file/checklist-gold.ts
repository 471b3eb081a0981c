import type { FactGroup } from './model'

/**
 * Which of the standard checklist items (api/readiness/checklist/standard-items.ts) a file provides, judged
 * as an advisor reading it would, from what it holds:
 * - an income statement over three or more years, or with the balance sheet, is the annual
 *   financial statements ('financial-statements'); a balance sheet alone is only a part of them;
 * - revenue split by product line (monthly, or quarterly by line) is the revenue breakdown; it is
 *   not the monthly management accounts, which are a whole monthly P&L;
 * - a customer revenue table is the customer list with concentration; it splits revenue by
 *   customer, not by product, service or location, so it is no revenue breakdown;
 * - the add-backs schedule is the EBITDA adjustments of 'quality-of-earnings';
 * - capital expenditures by year are the capital expenditure history of 'capex-fixed-assets';
 * - a lease summary (premises, landlord, dates, rent) answers 'leases';
 * - the valuation letter, the owner's notes and the overview match no item: naming three people
 *   and their roles is neither an organisation chart nor an employee census.
 */
export function checklistItems(holds: FactGroup[], families: string[], years: number): string[] {
  const items: string[] = []
  if (holds.includes('income') && (years >= 3 || holds.includes('balance'))) items.push('financial-statements')
  if (families.includes('by-product-line')) items.push('revenue-breakdown')
  if (holds.includes('customers')) items.push('customer-concentration')
  if (holds.includes('addBacks')) items.push('quality-of-earnings')
  if (holds.includes('capex')) items.push('capex-fixed-assets')
  if (holds.includes('leases')) items.push('leases')
  return items
}
