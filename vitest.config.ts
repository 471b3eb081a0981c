import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'

import { configDefaults, defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts'],
    // The wire run (decision 020) is about reaching the database as a PostgreSQL server. These files
    // are about reading documents (OCR, the parsing corpus, archive and PDF bombs); they write through
    // the database only as the others do, and took a third of that run's time.
    exclude:
      process.env.TEST_DATABASE === 'wire'
        ? [
            ...configDefaults.exclude,
            'tests/api/ocr.test.ts',
            'tests/api/corpus-ingestion.test.ts',
            'tests/api/reader-memory.test.ts',
            'tests/api/decompression-bombs.test.ts',
          ]
        : configDefaults.exclude,
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
