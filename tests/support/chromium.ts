import { existsSync } from 'node:fs'

/**
 * The system Chromium (Debian's package; nothing downloads a browser) and the flags it needs here:
 * without the network ones it keeps reaching for Google's hosts, which this machine refuses.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/**
 * What the browser tests drive: Chromium's headless shell (Debian's `chromium-headless-shell`, what
 * Playwright itself runs headless), which drew the same pages with 40% less CPU than the full
 * browser in headless mode; on CI's two cores the browser had been half of the tests' CPU.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell'
export const TEST_BROWSER_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium')

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
