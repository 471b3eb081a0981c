import { chromium } from '@playwright/test'
const base = 'http://localhost:3210'
const [user, p, w, y, name] = process.argv.slice(2)
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' })
const page = await browser.newPage({ viewport: { width: Number(w), height: 1000 } })
await page.goto(`${base}/login`)
await page.getByLabel('Username or Email').fill(user!)
await page.getByLabel('Password').fill('demo-password')
await page.getByRole('button', { name: 'Sign In' }).click()
await page.waitForURL((u) => !u.pathname.startsWith('/login'))
await page.goto(base + p)
await page.evaluate((top) => window.scrollTo(0, Number(top)), y)
await page.screenshot({ path: `/tmp/${name}.png` })
await browser.close()
