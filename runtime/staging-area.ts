import type { Stats } from 'node:fs'
import { lstat, mkdir, mkdtemp, readdir, rm, utimes } from 'node:fs/promises'
import path from 'node:path'

import { PRIVATE_DIR_MODE } from './owner-only-files'
import { isThisProcess, ownerName, ownerState, parseOwnerName, type ProcessOwner, thisProcess } from './process-owner'
import { keepSwept, type Sweepable, type SweptEntry, type SweptReason } from './staging-sweeps'

/**
 * A process that is still running touches its folders at every sweep; an owner this process cannot
 * ask about (another container sharing the volume, another machine, an earlier boot) is taken for
 * gone once its folder has gone untouched this long. Fifteen sweeps: only a process stopped or
 * frozen that long loses what it staged.
 */
export const STALE_MS = 15 * 60_000

/**
 * Anything in a running process's own folder untouched for a day is a leak (a path that forgot to
 * remove what it staged), not work in progress: the longest holder, a transcription, gives up after
 * an hour (TRANSCRIBE_TIMEOUT_SECONDS).
 */
export const MAX_AGE_MS = 24 * 60 * 60_000

export interface StagingAreaOptions {
  /** The folder that holds each process's staging folder. */
  root: string
  /** Put before each folder's name, when the root is shared with others (the system's temporary folder). */
  prefix?: string
  /** Names an earlier version staged under, owned by no one: removed once untouched for STALE_MS. */
  legacy?: RegExp
  /** Made (0700) when missing; false for a root that is not ours to make, such as the temporary folder. */
  createRoot?: boolean
}

export interface StagingArea extends Sweepable {
  root: string
  /**
   * This process's own folder in the area: 0700 under a name made of the process's identity and six
   * random characters (mkdtemp), so no one can guess it and a sweep can tell whose it is. Made on
   * first use, made again if it has gone, and from then on the area is swept every minute.
   */
  folder(): Promise<string>
  /**
   * One sweep: removes the folders of processes that are no longer running, what this process left
   * in its own for a day, and what an earlier version left. Only this user's folders are looked at,
   * and links are never followed.
   */
  sweep(now?: number): Promise<SweptEntry[]>
}

// mkdtemp's suffix: six characters from [A-Za-z0-9].
const RANDOM = /-[A-Za-z0-9]{6}$/

const key = Symbol.for('exit-planning.staging-areas')
// One per place across the server entry and the Remix bundle (they load this file separately).
const areas = ((globalThis as Record<symbol, unknown>)[key] ??= new Map<string, StagingArea>()) as Map<
  string,
  StagingArea
>

/** The staging area at `root` (one object per place in a process, so its folder is made once). */
export function stagingArea(options: StagingAreaOptions): StagingArea {
  const root = path.resolve(options.root)
  const prefix = options.prefix ?? ''
  const id = path.join(root, `${prefix}*`)
  let area = areas.get(id)
  if (!area) {
    area = createArea({ ...options, root, prefix }, id)
    areas.set(id, area)
  }
  return area
}

function createArea(options: Required<Pick<StagingAreaOptions, 'root' | 'prefix'>> & StagingAreaOptions, id: string) {
  const { root, prefix, legacy, createRoot = true } = options
  let current: Promise<string> | undefined
  let swept = false

  const make = async () => {
    if (createRoot) await mkdir(root, { recursive: true, mode: PRIVATE_DIR_MODE })
    return mkdtemp(path.join(root, `${prefix}${ownerName(thisProcess())}-`))
  }

  /** The owner a name in the root stands for, or undefined for a name not of this area's form. */
  const ownerOf = (name: string): ProcessOwner | undefined =>
    name.startsWith(prefix) && RANDOM.test(name)
      ? parseOwnerName(name.slice(prefix.length).replace(RANDOM, ''))
      : undefined

  const area: StagingArea = {
    id,
    root,
    async folder() {
      // Two tries: a folder found gone (swept as a silent owner's, removed by hand) is made again once.
      for (let attempt = 0; ; attempt++) {
        const candidate = (current ??= make())
        let made: string
        try {
          made = await candidate
        } catch (error) {
          if (current === candidate) current = undefined
          throw error
        }
        if (isOurs(await lstatOrNothing(made), 'directory')) {
          if (!swept) {
            swept = true
            // Held for the process's life: its folder is touched at each sweep, the sign it is alive.
            keepSwept(area)
          }
          return made
        }
        if (attempt > 0) throw new Error(`The staging folder ${made} keeps going away`)
        // Another caller may have made the next one already.
        if (current === candidate) current = undefined
      }
    },
    async sweep(now = Date.now()) {
      const removed: SweptEntry[] = []
      const names = await readdir(root).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [] as string[]
        throw error
      })
      for (const name of names) {
        const owner = ownerOf(name)
        if (!owner && !legacy?.test(name)) continue
        const entry = path.join(root, name)
        const info = await lstatOrNothing(entry)
        if (!isOurs(info, owner ? 'directory' : 'any')) continue
        if (owner && isThisProcess(owner)) {
          // The sign of life other hosts' sweepers go by, and the backstop for a leak of our own.
          await utimes(entry, now / 1000, now / 1000).catch(() => {})
          removed.push(...(await removeOlderThan(entry, now - MAX_AGE_MS, name)))
          continue
        }
        const reason = owner ? ownerGone(owner, info, now) : await earlierVersionDone(entry, info, now)
        if (!reason) continue
        const bytes = await sizeOf(entry, info)
        if (await removeEntry(entry)) removed.push({ name, bytes, reason })
      }
      return removed
    },
  }
  return area
}

/** 'owner gone' once the folder's process has certainly exited, or has been silent for STALE_MS where it cannot be asked. */
function ownerGone(owner: ProcessOwner, folder: Stats, now: number): SweptReason | undefined {
  const state = ownerState(owner)
  if (state === 'dead' || (state === 'unknown' && now - folder.mtimeMs >= STALE_MS)) return 'owner gone'
  return undefined
}

/** 'earlier version' once nothing has been written in an earlier version's entry for STALE_MS. */
async function earlierVersionDone(entry: string, info: Stats, now: number): Promise<SweptReason | undefined> {
  return now - (await lastChange(entry, info)) >= STALE_MS ? 'earlier version' : undefined
}

const lstatOrNothing = (entry: string) => lstat(entry).catch(() => undefined)

/** This user's own directory (or file) and not a link: never follow or remove anything else. */
function isOurs(info: Stats | undefined, kind: 'directory' | 'any'): info is Stats {
  if (!info || info.isSymbolicLink()) return false
  if (kind === 'directory' && !info.isDirectory()) return false
  const uid = process.getuid?.()
  return uid === undefined || info.uid === uid
}

const removeEntry = (entry: string) =>
  rm(entry, { recursive: true, force: true, maxRetries: 2 }).then(
    () => true,
    () => false,
  )

/** The latest change to an entry or, for a folder, to anything directly in it (a file still being written). */
async function lastChange(entry: string, info: Stats) {
  let latest = info.mtimeMs
  if (!info.isDirectory()) return latest
  for (const name of await readdir(entry).catch(() => [] as string[])) {
    const child = await lstatOrNothing(path.join(entry, name))
    if (child) latest = Math.max(latest, child.mtimeMs)
  }
  return latest
}

/** What removing an entry frees, links not followed. */
async function sizeOf(entry: string, info: Stats): Promise<number> {
  if (!info.isDirectory()) return info.isFile() ? info.size : 0
  let total = 0
  for (const name of await readdir(entry).catch(() => [] as string[])) {
    const child = path.join(entry, name)
    const childInfo = await lstatOrNothing(child)
    if (childInfo && !childInfo.isSymbolicLink()) total += await sizeOf(child, childInfo)
  }
  return total
}

/** Entries directly in `folder` unchanged since `before`: what a live process forgot. */
async function removeOlderThan(folder: string, before: number, label: string) {
  const removed: SweptEntry[] = []
  for (const name of await readdir(folder).catch(() => [] as string[])) {
    const entry = path.join(folder, name)
    const info = await lstatOrNothing(entry)
    if (!info || info.isSymbolicLink() || (await lastChange(entry, info)) >= before) continue
    const bytes = await sizeOf(entry, info)
    if (await removeEntry(entry)) removed.push({ name: path.join(label, name), bytes, reason: 'left too long' })
  }
  return removed
}
