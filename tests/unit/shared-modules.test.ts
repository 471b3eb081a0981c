import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { ACCEPTED_FILE_TYPES, ACCEPTED_TYPES_TEXT, FILE_TYPES } from '../../shared/file-types'
import { CONTRACT, importsOf, sourceFiles } from '../support/import-graph'

describe('modules both tiers import', () => {
  it('shared/ imports nothing but shared/ and zod, so the browser bundle can take any of it', () => {
    // zod is in the browser bundle already: every form validates with it before it is sent.
    const outside = sourceFiles('shared').flatMap((file) =>
      importsOf(file)
        .filter((entry) => !entry.target.startsWith(`shared${path.sep}`) && entry.target !== 'zod')
        .map((entry) => `${file} → ${entry.target}`),
    )
    expect(outside).toEqual([])
  })

  it('the web tier takes only types from api/, but for the schemas of its contracts in server modules', () => {
    // Which contracts may be loaded (zod and shared/ only) is tests/unit/architecture.test.ts's to say.
    const values = sourceFiles('app').flatMap((file) =>
      importsOf(file)
        .filter((entry) => entry.target.startsWith(`api${path.sep}`) && !entry.typesOnly)
        .filter((entry) => !(file.endsWith('.server.ts') && CONTRACT.test(entry.target)))
        .map((entry) => `${file} → ${entry.target}`),
    )
    expect(values).toEqual([])
  })

  it('names the accepted types as the spec does, in help texts and file pickers alike', () => {
    expect(FILE_TYPES).toEqual(['pdf', 'doc', 'docx', 'txt', 'csv', 'xls', 'xlsx'])
    expect(ACCEPTED_TYPES_TEXT).toBe('PDF, DOC, DOCX, TXT, CSV, XLS or XLSX')
    expect(ACCEPTED_FILE_TYPES).toBe('.pdf,.doc,.docx,.txt,.csv,.xls,.xlsx')
  })
})
