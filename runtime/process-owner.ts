import { createHash } from 'node:crypto'
import { readFileSync, readlinkSync } from 'node:fs'
import { hostname } from 'node:os'

/**
 * A process as something can be named for it on disk and later asked about: is the process that
 * made this still running? A pid alone cannot say, since pids are reused; with the process's start
 * time (from /proc/<pid>/stat, in clock ticks since boot) a reused pid is told apart from its first
 * owner. Where there is no /proc (macOS) the start is unknown, written `0`.
 */
export interface ProcessOwner {
  pid: number
  /** Field 22 of /proc/<pid>/stat, or `0` where it cannot be read. */
  start: string
  /**
   * Which pids the pid means: this boot of this machine, in this pid namespace (a container has its
   * own, and two containers may share a volume, as compose's scaled workers do). A process can only
   * judge owners of its own `host`.
   */
  host: string
}

export type OwnerState = 'alive' | 'dead' | 'unknown'

const UNKNOWN_START = '0'
const OWNER_NAME = /^(\d{1,10})-(\d{1,20})-([0-9a-f]{12})$/

const readOr = <T>(read: () => T, fallback: T) => {
  try {
    return read()
  } catch {
    return fallback
  }
}

interface Stat {
  start: string
  /** Z (zombie) and X (dead): the process has ended, only its entry is left until it is reaped. */
  ended: boolean
}

/** The start time and state of a running process, undefined when there is none by that pid. */
function statOf(pid: number): Stat | undefined {
  const text = readOr(() => readFileSync(`/proc/${pid}/stat`, 'latin1'), undefined)
  if (!text) return undefined
  // The command name (field 2) is in parentheses and may hold spaces and parentheses itself.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
  // fields[0] is field 3 (the state); field 22 (the start time) is fields[19].
  return { start: fields[19] ?? UNKNOWN_START, ended: fields[0] === 'Z' || fields[0] === 'X' }
}

let hasProc: boolean | undefined
const procMounted = () => (hasProc ??= statOf(process.pid) !== undefined)

let host: string | undefined

/** This boot of this machine and this pid namespace, as 12 hex digits. */
function thisHost() {
  if (host) return host
  const boot = readOr(() => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim(), '')
  const namespace = readOr(() => readlinkSync('/proc/self/ns/pid'), '')
  host = createHash('sha256')
    .update(boot && namespace ? `${boot}\n${namespace}` : `${hostname()}\n${boot}\n${namespace}`)
    .digest('hex')
    .slice(0, 12)
  return host
}

/** The running process `pid` of this host, undefined when there is none. */
export function processOwner(pid: number): ProcessOwner | undefined {
  if (!procMounted()) return signalled(pid) === 'ESRCH' ? undefined : { pid, start: UNKNOWN_START, host: thisHost() }
  const running = statOf(pid)
  return running && !running.ended ? { pid, start: running.start, host: thisHost() } : undefined
}

let self: ProcessOwner | undefined

/** This process. */
export function thisProcess(): ProcessOwner {
  if (self?.pid !== process.pid)
    self = processOwner(process.pid) ?? { pid: process.pid, start: UNKNOWN_START, host: thisHost() }
  return self
}

export const ownerName = ({ pid, start, host }: ProcessOwner) => `${pid}-${start}-${host}`

export function parseOwnerName(name: string): ProcessOwner | undefined {
  const match = OWNER_NAME.exec(name)
  return match ? { pid: Number(match[1]), start: match[2]!, host: match[3]! } : undefined
}

export const isThisProcess = (owner: ProcessOwner) => ownerName(owner) === ownerName(thisProcess())

/**
 * Whether the process named is still running: `dead` only when that is certain (no process by its
 * pid, or one started at another time, or one that has ended), `unknown` for an owner of another
 * host (boot, machine or pid namespace) or, without /proc, for a pid that is in use.
 */
export function ownerState(owner: ProcessOwner): OwnerState {
  if (owner.host !== thisProcess().host) return 'unknown'
  if (isThisProcess(owner)) return 'alive'
  if (procMounted()) {
    const running = statOf(owner.pid)
    if (!running || running.ended) return 'dead'
    if (owner.start === UNKNOWN_START) return 'unknown'
    return running.start === owner.start ? 'alive' : 'dead'
  }
  // EPERM: another user's process holds the pid now, so not the owner, which ran as this user (only
  // this user's folders are judged).
  const answer = signalled(owner.pid)
  return answer === 'ESRCH' || answer === 'EPERM' ? 'dead' : 'unknown'
}

/** What signal 0 to `pid` answers: 'sent' to a process of this user, else the error's code. */
function signalled(pid: number) {
  try {
    process.kill(pid, 0)
    return 'sent'
  } catch (error) {
    return (error as NodeJS.ErrnoException).code
  }
}
