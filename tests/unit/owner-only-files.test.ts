import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import { lockDirectory } from '../../api/db/client'
import { loadApiConfig } from '../../api/kernel/config'
import { createMailer } from '../../api/mail/mailer'
import { createDiskFileStore } from '../../api/storage/file-store'
import { stageUpload } from '../../app/http/uploads.server'
import { makeDataDirPrivate, tightenToOwnerOnly } from '../../runtime/owner-only-files'
import { captureLogs, WARN } from '../api/support/logs'

const modeOf = (entry: string) => (lstatSync(entry).mode & 0o777).toString(8)

/** Every entry under `root` that group or other users may use, as `<mode> <path>` (links not followed). */
function openToOthers(root: string) {
  const open: string[] = []
  const visit = (entry: string) => {
    const info = lstatSync(entry)
    if (info.isSymbolicLink()) return
    if (info.mode & 0o077) open.push(`${modeOf(entry)} ${path.relative(root, entry) || '.'}`)
    if (info.isDirectory()) for (const name of readdirSync(entry)) visit(path.join(entry, name))
  }
  visit(root)
  return open
}

let root: string
let umask: number
// The usual umask of a shell (022), so what is tested is the mode the code asks for, not the umask's.
beforeAll(() => {
  umask = process.umask(0o022)
  root = mkdtempSync(path.join(tmpdir(), 'owner-only-'))
})
afterAll(() => {
  process.umask(umask)
  rmSync(root, { recursive: true, force: true })
})
afterEach(() => vi.unstubAllEnvs())

const folder = (name: string) => {
  const made = path.join(root, name)
  mkdirSync(made, { mode: 0o755 })
  chmodSync(made, 0o755)
  return made
}

/** A DATA_DIR as a version before issue 30 left it, and a file outside it that a link points to. */
function oldDataDir(name: string) {
  const dataDir = folder(name)
  mkdirSync(path.join(dataDir, 'pgdata', 'base'), { recursive: true, mode: 0o777 })
  chmodSync(path.join(dataDir, 'pgdata'), 0o777)
  writeFileSync(path.join(dataDir, 'pgdata', 'base', '1249'), 'relation', { mode: 0o666 })
  writeFileSync(path.join(dataDir, 'secrets.json'), '{"JWT_SECRET":"signs every token"}', { mode: 0o644 })
  mkdirSync(path.join(dataDir, 'outbox'), { mode: 0o755 })
  writeFileSync(path.join(dataDir, 'outbox', 'invitation.eml'), 'an invitation link', { mode: 0o644 })
  chmodSync(path.join(dataDir, 'pgdata', 'base', '1249'), 0o666)
  const outsideFolder = folder(`${name}-outside`)
  const outside = path.join(outsideFolder, 'not-the-servers.txt')
  writeFileSync(outside, 'Another program’s file.', { mode: 0o644 })
  symlinkSync(outside, path.join(dataDir, 'link-to-a-file'))
  symlinkSync(outsideFolder, path.join(dataDir, 'link-to-a-folder'))
  return { dataDir, outside, outsideFolder }
}

describe('making DATA_DIR private', () => {
  it('takes group and other permissions off everything an older version left open, and logs it', async () => {
    const { dataDir } = oldDataDir('old')
    expect(openToOthers(dataDir)).toHaveLength(7)
    const logs = captureLogs('warn')
    try {
      makeDataDirPrivate({ DATA_DIR: dataDir })
    } finally {
      logs.stop()
    }
    expect(openToOthers(dataDir)).toEqual([])
    expect(modeOf(path.join(dataDir, 'secrets.json'))).toBe('600')
    expect(modeOf(path.join(dataDir, 'pgdata'))).toBe('700')
    expect(readFileSync(path.join(dataDir, 'pgdata', 'base', '1249'), 'utf8')).toBe('relation')
    const [line] = logs.lines()
    // The folder, its 6 entries that are not links, and the 2 links, left as they were.
    expect(line).toMatchObject({ level: WARN, tightened: 7, checked: 9 })
    expect(line!.msg).toContain('took group and other permissions off 7 of 9 entries in DATA_DIR')
  })

  it('follows no link out of DATA_DIR: what a link points to keeps its mode', async () => {
    const { dataDir, outside, outsideFolder } = oldDataDir('links')
    tightenToOwnerOnly(dataDir)
    expect(modeOf(outside)).toBe('644')
    expect(modeOf(outsideFolder)).toBe('755')
    expect(lstatSync(path.join(dataDir, 'link-to-a-file')).isSymbolicLink()).toBe(true)
  })

  it('stops after its bound and says the walk is incomplete', async () => {
    const { dataDir } = oldDataDir('bounded')
    const result = tightenToOwnerOnly(dataDir, { maxEntries: 3 })
    expect(result).toMatchObject({ checked: 3, complete: false })
    expect(openToOthers(dataDir).length).toBeGreaterThan(0)
  })

  it('leaves a DATA_DIR that does not exist yet alone', async () => {
    const missing = path.join(root, 'not-yet')
    expect(tightenToOwnerOnly(missing)).toEqual({ checked: 0, tightened: [], failed: [], complete: true })
    expect(existsSync(missing)).toBe(false)
  })
})

describe('files written into DATA_DIR', () => {
  it('stores uploaded files 0600 in folders of 0700, whatever the umask', async () => {
    const dataDir = folder('store')
    const store = createDiskFileStore(dataDir)
    const { key } = await store.put(Readable.from([Buffer.from('Letter of intent.')]), 1024)
    expect(openToOthers(path.join(dataDir, 'files'))).toEqual([])
    expect(modeOf(path.join(dataDir, 'files', key.slice(0, 2), key.slice(2, 4), key))).toBe('600')
  })

  it('writes each message of the outbox (invitation links) 0600 in a folder of 0700', async () => {
    const dataDir = folder('mail')
    const mailer = createMailer(loadApiConfig({ JWT_SECRET: 'x'.repeat(32), DATA_DIR: dataDir }))
    await mailer.send({ to: 'newcomer@example.com', subject: 'Invitation', text: 'Join', html: '<p>Join</p>' })
    expect(readdirSync(path.join(dataDir, 'outbox'))).toHaveLength(1)
    expect(openToOthers(path.join(dataDir, 'outbox'))).toEqual([])
  })

  it("writes the embedded database's lock 0600", () => {
    const dataDir = folder('lock')
    const unlock = lockDirectory(path.join(dataDir, 'pgdata'))
    try {
      expect(modeOf(path.join(dataDir, 'pgdata.lock'))).toBe('600')
    } finally {
      unlock()
    }
  })
})

describe('uploads staged by the web server', () => {
  const stage = async () => {
    const body = new FormData()
    body.append('file', new Blob(['Draft term sheet.'], { type: 'text/plain' }), 'terms.txt')
    const staged = await stageUpload(new Request('http://localhost/documents', { method: 'POST', body }))
    if (!('files' in staged)) throw new Error(`not staged: ${JSON.stringify(staged)}`)
    return staged
  }
  const owner = `${process.pid}-\\d+-[0-9a-f]{12}-\\w{6}`

  it("stages each upload 0600 in a folder of its own, 0700 under a name no one can guess, inside this process's folder of DATA_DIR/uploads, removed afterwards", async () => {
    vi.stubEnv('SESSION_SECRET', 's'.repeat(32))
    const dataDir = folder('web-data')
    vi.stubEnv('DATA_DIR', dataDir)
    const staged = await stage()
    const file = staged.files[0]!.getFilePath()
    const uploadFolder = path.dirname(file)
    const processFolder = path.dirname(uploadFolder)
    expect(path.dirname(processFolder)).toBe(path.join(dataDir, 'uploads'))
    expect(path.basename(processFolder)).toMatch(new RegExp(`^${owner}$`))
    expect(path.basename(uploadFolder)).toMatch(/^upload-\w{6}$/)
    expect([path.join(dataDir, 'uploads'), processFolder, uploadFolder].map(modeOf)).toEqual(['700', '700', '700'])
    expect(modeOf(file)).toBe('600')
    await staged.cleanup()
    expect(existsSync(uploadFolder)).toBe(false)
    expect(readdirSync(processFolder)).toEqual([])
  })

  it('stages in the temporary folder, in a 0700 folder named for this process and no one can guess, when the backend is elsewhere (API_URL) and there is no DATA_DIR', async () => {
    vi.stubEnv('SESSION_SECRET', 's'.repeat(32))
    vi.stubEnv('API_URL', 'http://127.0.0.1:9/api')
    vi.stubEnv('DATA_DIR', '')
    vi.stubEnv('TMPDIR', folder('tmp'))
    const staged = await stage()
    const file = staged.files[0]!.getFilePath()
    const processFolder = path.dirname(path.dirname(file))
    expect(path.dirname(processFolder)).toBe(path.join(root, 'tmp'))
    expect(path.basename(processFolder)).toMatch(new RegExp(`^exit-planning-uploads-${owner}$`))
    expect([processFolder, path.dirname(file)].map(modeOf)).toEqual(['700', '700'])
    expect(modeOf(file)).toBe('600')
    await staged.cleanup()
    expect(readdirSync(processFolder)).toEqual([])
    expect(statSync(path.join(root, 'tmp')).isDirectory()).toBe(true)
  })
})
