import { chromium } from '@playwright/test'
import { api, apiSignIn } from './tests/e2e/support/api'
import { uploadProcessed } from './tests/e2e/support/documents'
import path from 'node:path'

const base = 'http://localhost:3210'
const dir = 'tests/fixtures/sale-file'
const files = [
  ['valuation-letter.txt', 'Brightwater valuation letter'],
  ['owner-memo.txt', "Renata's memo on what she needs"],
  ['income-statement.csv', 'Income statement FY2023-FY2025'],
  ['add-backs.csv', 'Owner adjustments FY2025'],
  ['customers.csv', 'Customers FY2025'],
  ['lease-summary.txt', 'Lease summary'],
]
const analyst = { username: 'analyst', password: 'demo-password', email: '', role: 'analyst' as const }
if (process.argv[2] === 'seed') {
  await uploadProcessed(analyst, 'demo-advisory-group', files.map(([name, title]) => ({ title: title!, path: path.join(dir, name!) })), base)
  const { access } = await apiSignIn('analyst', 'demo-password', base)
  await api('POST', '/assessment/answers/customers.largest-share/accept/', { token: access, base, body: {} })
  await api('PUT', '/value-gap/', { token: access, base, body: { multiple_low: '5', multiple_mid: '5.4', multiple_high: '5.9', transaction_cost_percent: '6', tax_percent: '23.8' } })
}
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' })
for (const [w, h] of [[1280, 900], [360, 780]]) {
  const page = await browser.newPage({ viewport: { width: w!, height: h! } })
  await page.goto(`${base}/login`)
  await page.getByLabel('Username or Email').fill(process.argv[3] ?? 'analyst')
  await page.getByLabel('Password').fill('demo-password')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.waitForURL((u) => !u.pathname.startsWith('/login'))
  for (const p of (process.argv[4] ?? '/readiness,/readiness/value-gap').split(',')) {
    await page.goto(base + p)
    await page.screenshot({ path: `/tmp/shot${p.replace(/\//g, '_')}-${w}.png`, fullPage: true })
  }
  await page.close()
}
await browser.close()
