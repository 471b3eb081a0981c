import { execFileSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { defineConfig, devices } from '@playwright/test'

import { CHROMIUM_ARGS, TEST_BROWSER_PATH } from './tests/support/chromium'

// The config is evaluated by the runner and again by each worker; workers inherit the runner's
// environment, so the port and data directory are chosen once and shared.
if (!process.env.E2E_PORT) {
  process.env.E2E_PORT = execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer();s.listen(0,()=>{process.stdout.write(String(s.address().port));s.close()})",
  ]).toString()
}
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'exit-planner-e2e-'))

const baseURL = `http://localhost:${process.env.E2E_PORT}`

// Specs that time how long the server's own background work takes (fair-processing: another
// organization's text processed within 30 s behind two organizations' scans).
const ALONE = /fair-processing\.js-only\.spec\.ts$/

export const chromium = { executablePath: TEST_BROWSER_PATH, args: CHROMIUM_ARGS }

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  workers: 2,
  // A flow of many steps, or three axe runs, takes over 30 s on two busy cores; waits are on conditions.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: chromium,
    // Recording a trace for every test took a quarter of the browser tests' time; a failure keeps
    // its screenshot and the page's accessibility tree, and E2E_TRACE=1 records traces again.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
  },
  // Every flow runs with JavaScript and without. `*.js-only.spec.ts` is about what scripts add;
  // `*.no-js.spec.ts` is about what is the same either way (status codes, texts, layout by CSS,
  // cross-site posts), so it runs once, in the project that loads no scripts.
  projects: [
    {
      name: 'js-on',
      use: { ...devices['Desktop Chrome'], launchOptions: chromium, javaScriptEnabled: true },
      testIgnore: [/\.no-js\.spec\.ts$/, ALONE],
    },
    {
      name: 'js-off',
      use: { ...devices['Desktop Chrome'], launchOptions: chromium, javaScriptEnabled: false },
      testIgnore: /\.js-only\.spec\.ts$/,
    },
    {
      // Runs once the others have ended, with nothing else on the cores: its servers' document
      // readers run ten nice steps below everything (decision 090), so beside another worker's
      // browser and server a bound it measures in seconds would measure that load instead.
      // `--no-deps` runs it by itself.
      name: 'alone',
      use: { ...devices['Desktop Chrome'], launchOptions: chromium, javaScriptEnabled: true },
      testMatch: ALONE,
      dependencies: ['js-on', 'js-off'],
    },
  ],
  webServer: {
    command: 'node --max-semi-space-size=32 scripts/start.mjs',
    url: `${baseURL}/login`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: process.env.E2E_PORT,
      DATA_DIR: process.env.E2E_DATA_DIR,
      // Every test signs in from 127.0.0.1; the per-username limit still applies and is tested.
      LOGIN_MAX_FAILURES_PER_ADDRESS: '100000',
      // The demo admin makes an organization for each team a test needs, hundreds a run; the limit
      // is tested on a server of its own (fair-processing.js-only.spec.ts).
      ORGANIZATIONS_PER_USER_PER_DAY: '100000',
      // One access line per request would bury the runner's own output; warnings and errors still show.
      LOG_LEVEL: 'warn',
    },
  },
})
