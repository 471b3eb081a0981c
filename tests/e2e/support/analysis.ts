import path from 'node:path'

import type { Locator, Page } from '@playwright/test'

// A valuation report, a succession memo, a notice that states no risk at all and a customer list
// (tests/fixtures/analysis: known figures, risks stated in so many words).
const FIXTURES = path.resolve('tests/fixtures/analysis')
export const ANALYSIS_SOURCES = [
  { title: 'Harbor valuation report', path: path.join(FIXTURES, 'valuation-report.txt') },
  { title: 'Succession memo', path: path.join(FIXTURES, 'succession-memo.txt') },
  { title: 'Office move notice', path: path.join(FIXTURES, 'office-move-notice.txt') },
  { title: 'Customer list', path: path.join(FIXTURES, 'customer-list.csv') },
]

/** The /analysis sidebar of processed documents. */
export const analysisSidebar = (page: Page) => page.getByRole('navigation', { name: 'Processed Documents' })

/** The row of the risks table for a risk of `category` at `level` (a category can come at two levels). */
export const riskRow = (risks: Locator, category: string, level: 'High' | 'Medium' | 'Low') =>
  risks
    .getByRole('row')
    .filter({ hasText: category })
    .filter({ has: risks.page().getByRole('cell', { name: level, exact: true }) })
