import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'

import { defineConfig } from 'vitest/config'

/*
 * The wire run (decision 020) reaches the database as a PostgreSQL server, through the `postgres`
 * driver and its pool of connections, instead of PGlite's in-process client. What can differ there is
 * how statements, transactions and concurrent connections behave and how values come back, so it runs
 * the files about those: several instances, job claims and leases, sessions and sign-in counts,
 * documents, search and tenancy. The files about reading input (fuzzing, OCR, parsing, bombs), about
 * outside services, and about the embedded database itself run once.
 */
const WIRE_FILES = [
  'document-facts',
  'instances',
  'jobs-fairness',
  'documents-resume',
  'sessions',
  'caller-profile',
  'auth',
  'login-throttle',
  'chat-limits',
  'documents',
  'documents-manage',
  'duplicate-uploads',
  'search',
  'lexical-pruning',
  'documents-access',
  'organizations-access',
  'chat',
  'transcriptions',
  'audit-log',
  'checklist',
  'value-gap',
  'assessment',
  'actions',
].map((name) => `tests/api/${name}.test.ts`)

export default defineConfig({
  resolve: {
    alias: {
      '~': fileURLToPath(new URL('./app', import.meta.url)),
      '#api': fileURLToPath(new URL('./api', import.meta.url)),
      '#shared': fileURLToPath(new URL('./shared', import.meta.url)),
    },
  },
  test: {
    include: process.env.TEST_DATABASE === 'wire' ? WIRE_FILES : ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/global-setup.ts'],
    // Each API test file opens its own in-memory PGlite and runs the migrations.
    testTimeout: 30_000,
    // Vitest's default, one file fewer than cores, runs files one at a time on CI's two cores; much
    // of a test's time is spent waiting (on jobs, on OCR in other threads), so two at once took the
    // unit and API run from 269 to 197 s and the wire run from 240 to 182 s.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    hookTimeout: 60_000,
  },
})
