// Runs once (the js-off project skips *.js-only specs): it drives its own server processes and the
// backup and restore commands, no page.
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { expect, test } from '@playwright/test'

import { corpusFile } from '../api/support/uploads'
import { apiSignIn } from './support/api'
import { uploadFileProcessed } from './support/documents'
import { DEMO_PASSWORD } from './support/fixtures'
import { npmCommand as command } from './support/npm-command'
import { type AppProcess, startApp } from './support/server'

async function call<T = unknown>(app: AppProcess, token: string, route: string, init: RequestInit = {}) {
  const response = await fetch(`${app.url}/api${route}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`${route} answered ${response.status}: ${text}`)
  return (text ? JSON.parse(text) : undefined) as T
}

/** Everything the round trip must bring back unchanged, as the API answers it. */
async function readState(app: AppProcess, token: string, conversation: number) {
  return {
    documents: await call(app, token, '/documents/'),
    search: await call(app, token, '/search/', {
      method: 'POST',
      body: JSON.stringify({ query: 'John Doe address', top_k: 5 }),
    }),
    conversation: await call(app, token, `/conversations/${conversation}/`),
    messages: await call(app, token, `/conversations/${conversation}/messages/`),
  }
}

async function download(app: AppProcess, token: string, id: number) {
  const response = await fetch(`${app.url}/api/documents/${id}/download/`, {
    headers: { authorization: `Bearer ${token}` },
  })
  expect(response.status).toBe(200)
  return new Uint8Array(await response.arrayBuffer())
}

const CSV = 'csv/csvspec__comma_in_quotes.csv'
const DOCX = 'docx/mammoth__tables.docx'

test('npm run backup while the server runs, then npm run restore into a fresh DATA_DIR, gives back documents, search results and conversations as they were; a stopped copy of DATA_DIR starts as it was; a damaged archive changes nothing', async () => {
  test.setTimeout(600_000)
  const root = mkdtempSync(path.join(tmpdir(), 'exit-planner-backup-'))
  const original = path.join(root, 'original')
  const restored = path.join(root, 'restored')
  const copied = path.join(root, 'copied')
  const archive = path.join(root, 'exit-planner-backup.tar.gz')
  let app: AppProcess | undefined
  try {
    app = await startApp(original)
    const { access } = await apiSignIn('analyst', DEMO_PASSWORD, app.url)
    const csv = await uploadFileProcessed(
      app.url,
      access,
      'addresses.csv',
      new Blob([corpusFile(CSV)], { type: 'text/csv' }),
    )
    await uploadFileProcessed(
      app.url,
      access,
      'tables.docx',
      new Blob([corpusFile(DOCX)], { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }),
    )
    const conversation = await call<{ id: number }>(app, access, '/conversations/', {
      method: 'POST',
      body: JSON.stringify({ title: 'Before the backup' }),
    })
    const answer = await call<{ document_references: Array<{ document_id: number }> }>(
      app,
      access,
      `/conversations/${conversation.id}/add_message/`,
      { method: 'POST', body: JSON.stringify({ content: 'What is the address of John Doe?' }) },
    )
    expect(answer.document_references.map((reference) => reference.document_id)).toContain(csv)
    const before = await readState(app, access, conversation.id)
    expect((before.search as { results: unknown[] }).results.length).toBeGreaterThan(0)

    const backup = await command('backup', ['--out', archive], original)
    expect(backup.output).toContain('Backup written by the running server')
    expect(backup.code).toBe(0)

    // After the backup: a new document, and the CSV deleted (its stored file goes with it).
    const later = await uploadFileProcessed(
      app.url,
      access,
      'later.txt',
      new Blob(['Written after the backup.'], { type: 'text/plain' }),
    )
    await call(app, access, `/documents/${csv}/`, { method: 'DELETE' })
    const after = await readState(app, access, conversation.id)
    expect(after.documents).not.toEqual(before.documents)
    await app.terminate()
    app = undefined

    // The simplest backup: a copy of DATA_DIR taken while the server is stopped.
    cpSync(original, copied, { recursive: true })
    app = await startApp(copied)
    expect(await readState(app, access, conversation.id)).toEqual(after)

    // Restoring while that server holds the data directory is refused.
    const whileRunning = await command('restore', [archive, '--force'], copied)
    expect(whileRunning.code).not.toBe(0)
    expect(whileRunning.output).toContain('Stop the server before restoring')
    await app.terminate()
    app = undefined

    const restore = await command('restore', [archive], restored)
    expect(restore.output).toContain('Restored the database and 2 stored file(s)')
    expect(restore.code).toBe(0)
    app = await startApp(restored)
    // The secrets came back too: the token signed before the backup is still accepted.
    const now = await readState(app, access, conversation.id)
    expect(now).toEqual(before)
    expect(JSON.stringify(now.documents)).not.toContain('later.txt')
    await expect(call(app, access, `/documents/${later}/`)).rejects.toThrow(/404/)
    expect(await download(app, access, csv)).toEqual(corpusFile(CSV))
    await app.terminate()
    app = undefined

    // A damaged archive (cut short, or with a byte changed) is refused, and DATA_DIR stays as it was.
    const contents = readFileSync(archive)
    const truncated = path.join(root, 'truncated.tar.gz')
    writeFileSync(truncated, contents.subarray(0, Math.floor(contents.length / 2)))
    const flipped = path.join(root, 'flipped.tar.gz')
    const changed = Buffer.from(contents)
    changed[Math.floor(changed.length / 2)] ^= 0xff
    writeFileSync(flipped, changed)
    const listing = () => readdirSync(restored, { recursive: true }).sort()
    const entriesBefore = listing()
    for (const damaged of [truncated, flipped]) {
      const refused = await command('restore', [damaged, '--force'], restored)
      expect(refused.code).not.toBe(0)
      expect(refused.output).toContain('cannot be read as a backup')
      expect(refused.output).toContain('nothing was changed')
    }
    expect(listing()).toEqual(entriesBefore)
    expect(readdirSync(root).filter((name) => name.startsWith('restored.'))).toEqual([])

    // Over a DATA_DIR in use: refused without --force; with it, the old one is moved aside, not deleted.
    const refused = await command('restore', [archive], copied)
    expect(refused.code).not.toBe(0)
    expect(refused.output).toContain('is not empty')
    const forced = await command('restore', [archive, '--force'], copied)
    expect(forced.code).toBe(0)
    const aside = readdirSync(root).find((name) => name.startsWith('copied.before-restore-'))
    expect(aside).toBeDefined()
    expect(existsSync(path.join(root, aside!, 'pgdata', 'PG_VERSION'))).toBe(true)
  } finally {
    await app?.terminate()
    rmSync(root, { recursive: true, force: true })
  }
})
