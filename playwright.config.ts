import { execFileSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { defineConfig, devices } from '@playwright/test'

import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/support/chromium'

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

export const chromium = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS }

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: chromium,
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'js-on', use: { ...devices['Desktop Chrome'], launchOptions: chromium, javaScriptEnabled: true } },
    {
      name: 'js-off',
      use: { ...devices['Desktop Chrome'], launchOptions: chromium, javaScriptEnabled: false },
      testIgnore: /\.js-only\.spec\.ts$/,
    },
  ],
  webServer: {
    command: 'node scripts/start.mjs',
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
      // One access line per request would bury the runner's own output; warnings and errors still show.
      LOG_LEVEL: 'warn',
    },
  },
})
