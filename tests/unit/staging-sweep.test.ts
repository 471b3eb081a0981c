import { type ChildProcess, spawn } from 'node:child_process'
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import {
  ownerName,
  ownerState,
  parseOwnerName,
  type ProcessOwner,
  processOwner,
  thisProcess,
} from '../../runtime/process-owner'
import { MAX_AGE_MS, stagingArea, STALE_MS } from '../../runtime/staging-area'
import { keepSwept, type Sweepable } from '../../runtime/staging-sweeps'

const modeOf = (entry: string) => (lstatSync(entry).mode & 0o777).toString(8)

let root: string
let umask: number
const children: ChildProcess[] = []

// The usual umask of a shell (022), so what is tested is the mode the code asks for, not the umask's.
beforeAll(() => {
  umask = process.umask(0o022)
  root = mkdtempSync(path.join(tmpdir(), 'staging-sweep-'))
})
afterAll(() => {
  process.umask(umask)
  for (const child of children) child.kill('SIGKILL')
  rmSync(root, { recursive: true, force: true })
})
afterEach(() => vi.restoreAllMocks())

let areas = 0
/** A fresh area (its root not made yet) with `legacy` names of an earlier version. */
const freshArea = (options: { prefix?: string; legacy?: RegExp } = {}) =>
  stagingArea({ root: path.join(root, `area-${++areas}`), ...options })

/** A process that waits until it is killed, once it is running. */
async function runningProcess() {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 60_000)'], { stdio: 'ignore' })
  children.push(child)
  await new Promise<void>((resolve, reject) => child.once('spawn', resolve).once('error', reject))
  const owner = processOwner(child.pid!)
  if (!owner) throw new Error('the child is not running')
  return {
    owner,
    /** SIGKILL, and the exit seen (so the process is reaped, not left a zombie). */
    kill: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve())
        child.kill('SIGKILL')
      }),
  }
}

/** A folder as `owner`'s process would have made it in `area`, holding one staged file of `bytes`. */
function folderOf(areaRoot: string, owner: ProcessOwner, { prefix = '', bytes = 1024 } = {}) {
  const folder = path.join(areaRoot, `${prefix}${ownerName(owner)}-Ab12Cd`)
  mkdirSync(path.join(folder, 'upload-Xy34Zw'), { recursive: true })
  writeFileSync(path.join(folder, 'upload-Xy34Zw', 'file'), Buffer.alloc(bytes))
  return folder
}

const age = (entry: string, ms: number) => {
  const when = (Date.now() - ms) / 1000
  utimesSync(entry, when, when)
}

describe("a process's identity", () => {
  it('names this process by its pid, its start time from /proc and its host, and reads the name back', () => {
    const self = thisProcess()
    const stat = readFileSync(`/proc/${process.pid}/stat`, 'latin1')
    expect(self.pid).toBe(process.pid)
    expect(self.start).toBe(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19])
    expect(ownerName(self)).toMatch(new RegExp(`^${process.pid}-\\d+-[0-9a-f]{12}$`))
    expect(parseOwnerName(ownerName(self))).toEqual(self)
    expect(parseOwnerName('../etc')).toBeUndefined()
  })

  it('tells a running owner from one that has exited, and a reused pid from its first owner', async () => {
    const child = await runningProcess()
    expect(ownerState(child.owner)).toBe('alive')
    // The same pid started at another time: another process, so its first owner is gone.
    expect(ownerState({ ...child.owner, start: String(Number(child.owner.start) - 1) })).toBe('dead')
    expect(ownerState({ ...thisProcess(), start: String(Number(thisProcess().start) + 1) })).toBe('dead')
    await child.kill()
    expect(ownerState(child.owner)).toBe('dead')
  })

  it('cannot judge an owner of another host (machine, boot or pid namespace)', () => {
    expect(ownerState({ ...thisProcess(), host: 'abcdef012345' })).toBe('unknown')
  })
})

describe('a staging area', () => {
  it("makes this process's folder 0700 (its root too) under its name and six random characters, once", async () => {
    const area = freshArea({ prefix: 'exit-planning-uploads-' })
    const folder = await area.folder()
    expect(path.dirname(folder)).toBe(area.root)
    expect(path.basename(folder)).toMatch(new RegExp(`^exit-planning-uploads-${ownerName(thisProcess())}-\\w{6}$`))
    expect([area.root, folder].map(modeOf)).toEqual(['700', '700'])
    expect(await area.folder()).toBe(folder)
    // Gone (removed by hand, or swept as a silent owner's): made again, under another name.
    rmSync(folder, { recursive: true })
    const again = await area.folder()
    expect(again).not.toBe(folder)
    expect(modeOf(again)).toBe('700')
  })

  it('removes the folder of a process that has exited, and keeps a running one', async () => {
    const area = freshArea()
    const [gone, running] = [await runningProcess(), await runningProcess()]
    mkdirSync(area.root)
    const goneFolder = folderOf(area.root, gone.owner, { bytes: 3000 })
    const runningFolder = folderOf(area.root, running.owner)
    await gone.kill()

    expect(await area.sweep()).toEqual([{ name: path.basename(goneFolder), bytes: 3000, reason: 'owner gone' }])
    expect(existsSync(goneFolder)).toBe(false)
    expect(readdirSync(path.join(runningFolder, 'upload-Xy34Zw'))).toEqual(['file'])

    await running.kill()
    expect((await area.sweep()).map((entry) => entry.name)).toEqual([path.basename(runningFolder)])
    expect(readdirSync(area.root)).toEqual([])
  })

  it('does not mistake a process that reuses a dead owner’s pid for it', async () => {
    const area = freshArea()
    const running = await runningProcess()
    mkdirSync(area.root)
    // What the pid's earlier owner left: the same pid, started at another time.
    const earlier = folderOf(area.root, { ...running.owner, start: String(Number(running.owner.start) - 100) })
    const current = folderOf(area.root, running.owner)
    expect((await area.sweep()).map((entry) => entry.name)).toEqual([path.basename(earlier)])
    expect(existsSync(current)).toBe(true)
  })

  it('follows no link: one named like a dead owner’s folder stays, and what a removed folder links to is kept', async () => {
    const area = freshArea()
    const gone = await runningProcess()
    await gone.kill()
    mkdirSync(area.root)
    const outside = path.join(root, `outside-${areas}`)
    mkdirSync(outside)
    writeFileSync(path.join(outside, 'precious.txt'), 'not the server’s')
    const link = path.join(area.root, `${ownerName(gone.owner)}-Ln00kS`)
    symlinkSync(outside, link)
    const folder = folderOf(area.root, { ...gone.owner, start: '1' })
    symlinkSync(outside, path.join(folder, 'upload-Xy34Zw', 'link-out'))

    expect((await area.sweep()).map((entry) => entry.name)).toEqual([path.basename(folder)])
    expect(lstatSync(link).isSymbolicLink()).toBe(true)
    expect(readFileSync(path.join(outside, 'precious.txt'), 'utf8')).toBe('not the server’s')
  })

  it("leaves another user's folder alone, even of a dead owner", async () => {
    const area = freshArea()
    const gone = await runningProcess()
    await gone.kill()
    mkdirSync(area.root)
    const folder = folderOf(area.root, gone.owner)
    vi.spyOn(process as { getuid(): number }, 'getuid').mockReturnValue(lstatSync(folder).uid + 1)
    expect(await area.sweep()).toEqual([])
    expect(existsSync(folder)).toBe(true)
  })

  it('leaves names not its own alone, in a root it shares (the temporary folder)', async () => {
    const area = freshArea({ prefix: 'exit-planning-uploads-' })
    const gone = await runningProcess()
    await gone.kill()
    mkdirSync(area.root)
    const others = ['another-program', `${ownerName(gone.owner)}-Ab12Cd`, 'exit-planning-uploads-1-2-3']
    for (const name of others) mkdirSync(path.join(area.root, name))
    for (const name of others) age(path.join(area.root, name), 2 * MAX_AGE_MS)
    const ours = folderOf(area.root, gone.owner, { prefix: 'exit-planning-uploads-' })
    expect((await area.sweep()).map((entry) => entry.name)).toEqual([path.basename(ours)])
    expect(readdirSync(area.root).sort()).toEqual([...others].sort())
  })

  it('keeps an owner of another host while it touches its folder, and removes it once it has been silent for 15 minutes', async () => {
    const area = freshArea()
    mkdirSync(area.root)
    const elsewhere = folderOf(area.root, { pid: process.pid, start: '1', host: 'abcdef012345' })
    age(elsewhere, STALE_MS - 60_000)
    expect(await area.sweep()).toEqual([])
    age(elsewhere, STALE_MS + 60_000)
    expect(await area.sweep()).toEqual([{ name: path.basename(elsewhere), bytes: 1024, reason: 'owner gone' }])
  })

  it('touches its own folder at each sweep, and removes from it only what was left there for a day', async () => {
    const area = freshArea()
    // Made as folder() makes it, without the sweeps folder() starts, which would race this one.
    mkdirSync(area.root)
    const folder = path.join(area.root, `${ownerName(thisProcess())}-Own123`)
    mkdirSync(folder)
    const [fresh, forgotten] = ['upload-Fresh1', 'upload-Forgot']
    for (const name of [fresh, forgotten]) {
      mkdirSync(path.join(folder, name))
      writeFileSync(path.join(folder, name, 'file'), 'staged')
    }
    age(path.join(folder, forgotten, 'file'), MAX_AGE_MS + 60_000)
    age(path.join(folder, forgotten), MAX_AGE_MS + 60_000)
    age(folder, STALE_MS + 60_000)
    expect(await area.sweep()).toEqual([
      { name: path.join(path.basename(folder), forgotten), bytes: 6, reason: 'left too long' },
    ])
    expect(readdirSync(folder)).toEqual([fresh])
    expect(Date.now() - lstatSync(folder).mtimeMs).toBeLessThan(STALE_MS)
  })

  it('removes what an earlier version staged without an owner once nothing has touched it for 15 minutes', async () => {
    const area = freshArea({ legacy: /^upload-\w{6}$/ })
    mkdirSync(area.root)
    const [old, writing] = ['upload-Old123', 'upload-Write1'].map((name) => path.join(area.root, name))
    for (const folder of [old, writing]) {
      mkdirSync(folder)
      writeFileSync(path.join(folder, 'file'), 'staged')
      age(path.join(folder, 'file'), STALE_MS + 60_000)
      age(folder, STALE_MS + 60_000)
    }
    // A file still being written into the folder keeps it.
    writeFileSync(path.join(writing, 'file'), 'staged, and more')
    expect(await area.sweep()).toEqual([{ name: 'upload-Old123', bytes: 6, reason: 'earlier version' }])
    expect(existsSync(writing)).toBe(true)
  })

  it('sweeps a root that does not exist yet to nothing', async () => {
    expect(await freshArea().sweep()).toEqual([])
  })
})

describe('keeping a place swept', () => {
  it('sweeps at once, once per place however many hold it, until the last holder stops', async () => {
    let sweeps = 0
    const place: Sweepable = {
      id: path.join(root, 'counted'),
      async sweep() {
        sweeps++
        return []
      },
    }
    const stopFirst = keepSwept(place)
    const stopSecond = keepSwept({ ...place, sweep: () => Promise.reject(new Error('never called')) })
    await vi.waitFor(() => expect(sweeps).toBe(1))
    stopFirst()
    stopSecond()
    // Held again after every holder stopped: a new sweeper, which sweeps at once.
    const stopThird = keepSwept(place)
    await vi.waitFor(() => expect(sweeps).toBe(2))
    stopThird()
  })
})
