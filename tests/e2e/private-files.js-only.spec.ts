// Runs once (the js-off project skips *.js-only specs): it drives its own server processes and the
// backup and restore commands, no page. Another user of the machine must not be able to read
// DATA_DIR (secrets.json signs every token, the outbox holds invitation links) nor write in it.
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { expect, test } from '@playwright/test'

import { api, apiSignIn } from './support/api'
import { uploadFileProcessed } from './support/documents'
import { DEMO_PASSWORD } from './support/fixtures'
import { npmCommand } from './support/npm-command'
import { type AppProcess, startApp } from './support/server'

const ORGANIZATION = 'demo-advisory-group'

/** Every entry under `root`, links not followed, as `<mode in octal> <path>`. */
function modesUnder(root: string) {
  const modes: string[] = []
  const visit = (entry: string) => {
    const info = lstatSync(entry)
    modes.push(`${(info.mode & 0o7777).toString(8)} ${path.relative(root, entry) || '.'}`)
    if (info.isDirectory() && !info.isSymbolicLink())
      for (const name of readdirSync(entry)) visit(path.join(entry, name))
  }
  visit(root)
  return modes
}

/** The entries of `modesUnder` that group or other users may read, write or enter (links aside). */
const openToOthers = (root: string) =>
  modesUnder(root).filter((line) => {
    const [mode, entry] = line.split(' ') as [string, string]
    return (Number.parseInt(mode, 8) & 0o077) !== 0 && !lstatSync(path.join(root, entry)).isSymbolicLink()
  })

const modeOf = (file: string) => (lstatSync(file).mode & 0o777).toString(8)

test.describe('files the server writes are private to its user', () => {
  // One DATA_DIR goes through the steps in turn: started fresh, backed up, then opened up as an older
  // version left it and started again.
  test.describe.configure({ mode: 'serial' })
  let root: string
  let dataDir: string
  let app: AppProcess | undefined

  test.beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'exit-planner-private-'))
    dataDir = path.join(root, 'data')
  })
  test.afterAll(async () => {
    await app?.terminate()
    rmSync(root, { recursive: true, force: true, maxRetries: 5 })
  })

  test('nothing in a fresh DATA_DIR is open to other users after a start, an upload, an invitation and a backup', async () => {
    test.setTimeout(600_000)
    app = await startApp(dataDir)
    const analyst = await apiSignIn('analyst', DEMO_PASSWORD, app.url)
    await uploadFileProcessed(
      app.url,
      analyst.access,
      'board-minutes.txt',
      new Blob(['The board approved the sale of the company.'], { type: 'text/plain' }),
    )
    const admin = await apiSignIn('admin', DEMO_PASSWORD, app.url)
    await api('POST', '/users/invitations/', {
      token: admin.access,
      base: app.url,
      body: { email: 'newcomer@private-files.example', role: 'member', organization: ORGANIZATION },
    })
    const backup = await npmCommand('backup', [], dataDir)
    expect(backup.output).toContain('Backup written by the running server')
    expect(backup.code).toBe(0)

    const written = modesUnder(dataDir).map((line) => line.split(' ')[1]!)
    // The listing covers every kind of thing the server writes there.
    for (const kind of [
      /^secrets\.json$/,
      /^pgdata\/PG_VERSION$/,
      /^pgdata\/base\/\d+\/\d+$/,
      /^pgdata\.lock$/,
      /^pgdata\.backup\.sock$/,
      /^files\/[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}$/,
      /^files\/incoming$/,
      /^outbox\/.+\.eml$/,
      /^backups\/exit-planner-backup-.+\.tar\.gz$/,
    ]) {
      expect(
        written.some((entry) => kind.test(entry)),
        `an entry like ${kind}`,
      ).toBe(true)
    }
    expect(openToOthers(dataDir)).toEqual([])
  })

  test("writes backup archives readable by the server's user only, taken through the running server or with it stopped, and restores privately", async () => {
    test.setTimeout(600_000)
    // Outside DATA_DIR, where the folder's own mode protects nothing.
    const elsewhere = path.join(root, 'elsewhere')
    mkdirSync(elsewhere, { mode: 0o755 })
    chmodSync(elsewhere, 0o755)
    const running = await npmCommand('backup', ['--out', path.join(elsewhere, 'running.tar.gz')], dataDir)
    expect(running.output).toContain('Backup written by the running server')
    expect(modeOf(path.join(elsewhere, 'running.tar.gz'))).toBe('600')

    await app!.terminate()
    app = undefined
    const stopped = await npmCommand('backup', ['--out', path.join(elsewhere, 'stopped.tar.gz')], dataDir)
    expect(stopped.output).toContain('Backup written by this command (no server running)')
    expect(modeOf(path.join(elsewhere, 'stopped.tar.gz'))).toBe('600')
    const stoppedDefault = await npmCommand('backup', [], dataDir)
    expect(stoppedDefault.code).toBe(0)
    const archives = readdirSync(path.join(dataDir, 'backups'))
    expect(archives).toHaveLength(2)
    for (const archive of archives) expect(modeOf(path.join(dataDir, 'backups', archive))).toBe('600')

    const restored = path.join(root, 'restored')
    const restore = await npmCommand('restore', [path.join(elsewhere, 'stopped.tar.gz')], restored)
    expect(restore.output).toContain('Restored the database and 1 stored file(s)')
    expect(modesUnder(restored).some((line) => line.endsWith(' secrets.json'))).toBe(true)
    expect(openToOthers(restored)).toEqual([])
  })

  test('makes a DATA_DIR an older version left open private at start, without following links out of it', async () => {
    test.setTimeout(600_000)
    // As the finding saw it: the database's files world-writable, the rest readable by all.
    for (const line of modesUnder(dataDir)) {
      const entry = path.join(dataDir, line.split(' ')[1]!)
      const info = lstatSync(entry)
      if (info.isSymbolicLink() || info.isSocket()) continue
      chmodSync(entry, info.isDirectory() ? 0o755 : entry.includes(`${path.sep}pgdata${path.sep}`) ? 0o666 : 0o644)
    }
    const outside = path.join(root, 'not-the-servers.txt')
    writeFileSync(outside, 'Another program’s file.')
    chmodSync(outside, 0o644)
    symlinkSync(outside, path.join(dataDir, 'link-out'))
    expect(openToOthers(dataDir).length).toBeGreaterThan(900)

    app = await startApp(dataDir)
    expect(openToOthers(dataDir)).toEqual([])
    expect(modeOf(outside)).toBe('644')
    expect(app.output()).toContain('took group and other permissions off')
    // The server works on the tightened files: the document uploaded before is there.
    const { access } = await apiSignIn('analyst', DEMO_PASSWORD, app.url)
    expect(JSON.stringify(await api('GET', '/documents/', { token: access, base: app.url }))).toContain('board-minutes')
  })
})
