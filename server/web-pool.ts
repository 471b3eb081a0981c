import { log } from '../runtime/log'
import { watchHeartbeats } from './heartbeats'
import type { WebProcessMessage } from './messages'

// A web process starts at about 110 MB. V8 keeps the young generation it grew under load (and some
// of the old) after the load has passed; a fresh process is cheaper to hold than to shrink that.
const RECYCLE_ABOVE_MB = 180
// A web process needs 2.5-3 s of CPU to serve, and took up to 16 s on a machine running ten times
// as many processes as its cores (decision 028). One that has not started serving in a minute is
// stuck in its start, and a stuck process waiting for it to take over would wait for ever.
const START_DEADLINE_MS = 60_000

/** What the pool reads of a web process: node:cluster's Worker, or a stand-in in tests. */
export interface WebProcess {
  readonly process: { readonly pid?: number }
  isDead(): boolean
}

export interface WebPoolOptions<P> {
  /** The most web processes counted as serving (WEB_CONCURRENCY). */
  most: number
  /** The fewest, kept without load (WEB_MIN_PROCESSES). */
  least: number
  /** Silence after which a stuck web process is killed (WEB_STALL_KILL_SECONDS). */
  killAfterMs: number
  start(): P
  /** Asks a web process to finish its requests and exit. */
  retire(process: P): void
  /** Ends a web process at once, requests and all. */
  kill(process: P): void
}

/**
 * Which web processes a primary runs (decisions 016 and 028). `least` always serve; up to `most` run
 * while the load needs them: a web process whose event loop is saturated asks for another, and one
 * without requests for a while retires if that leaves `least` and another one answering. The last
 * one, if the load left it holding more than `RECYCLE_ABOVE_MB`, hands over to a fresh one.
 *
 * A web process whose heartbeats stop (its event loop stuck in one request) is not counted as
 * serving: it is no reason to keep another or to retire one, and when no other one answers a
 * replacement starts at once. After `killAfterMs` of silence it is killed (and replaced if fewer
 * than `least` are left); one that answers before then is counted again. The primary hands new
 * connections only to the processes `answering` names, and of those to the ones that beat recently
 * (`handConnections`), so the others take every connection after the one a stuck process may hold.
 */
export function webPool<P extends WebProcess>({
  most,
  least,
  killAfterMs,
  start,
  retire: askToRetire,
  kill,
}: WebPoolOptions<P>) {
  const running = new Set<P>()
  const listened = new WeakSet<P>()
  const retiring = new WeakSet<P>()
  const stalled = new WeakSet<P>()
  const killed = new WeakSet<P>()
  /** The last web process, grown under a load that has passed, while a fresh one starts to take its place. */
  let replacing: P | undefined
  let stopping = false

  const serving = () => [...running].filter((p) => !p.isDead() && !retiring.has(p) && !stalled.has(p))
  const starting = () => serving().filter((p) => !listened.has(p))
  const answering = () => serving().filter((p) => listened.has(p))
  const startedAt = new WeakMap<P, number>()
  const startOne = () => {
    const p = start()
    running.add(p)
    startedAt.set(p, performance.now())
    setTimeout(() => {
      if (listened.has(p) || p.isDead() || stopping) return
      log.error(
        { webProcess: p.process.pid },
        `web process ${p.process.pid} did not start serving in ${seconds(START_DEADLINE_MS)} and was killed`,
      )
      kill(p)
    }, START_DEADLINE_MS).unref()
  }
  /**
   * Starts one if fewer than `least` serve and none is starting; answers whether it did. One at a
   * time, so that the first to start is not slowed by the others: the next starts when it serves.
   */
  const fill = () => {
    const short = !stopping && serving().length < least && starting().length === 0
    if (short) startOne()
    return short
  }
  const retire = (p: P) => {
    retiring.add(p)
    heartbeats.forget(p)
    askToRetire(p)
  }
  // Not `pid`: every line already carries the primary's own.
  const silence = (p: P, ms: number) => ({ webProcess: p.process.pid, silentMs: Math.round(ms) })
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

  const heartbeats = watchHeartbeats<P>({
    killAfterMs,
    stalled(p, ms) {
      stalled.add(p)
      // With another one answering, the replacement waits for the kill: a process stuck in a loop
      // holds a core, and a start beside it would take the answering one's.
      const replaced = !answering().length && fill() ? '; starting another' : ''
      log.warn(silence(p, ms), `web process ${p.process.pid} has not answered for ${seconds(ms)}${replaced}`)
    },
    recovered(p, ms) {
      stalled.delete(p)
      log.warn(silence(p, ms), `web process ${p.process.pid} answers again after ${seconds(ms)}`)
    },
    silent(p, ms) {
      // Until another one serves, the stuck one is left its chance to answer again (a machine that
      // stopped scheduling it): new connections wait in the primary meanwhile either way, and the
      // kill would gain nothing for them.
      if (!answering().length && starting().length > 0) return
      heartbeats.forget(p)
      killed.add(p)
      log.error(silence(p, ms), `web process ${p.process.pid} did not answer for ${seconds(ms)} and was killed`)
      kill(p)
    },
  })

  return {
    /** Starts the first web process; the rest of `least` follow one by one. */
    start: () => void fill(),
    /** The web processes that serve: started, not retiring, and not found stalled. */
    answering,
    /** A web process started serving (it says so once its HTTP server is ready). */
    listening(p: P) {
      listened.add(p)
      const startMs = Math.round(performance.now() - (startedAt.get(p) ?? 0))
      log.info(
        { webProcess: p.process.pid, startMs },
        `web process ${p.process.pid} serves, ${seconds(startMs)} after it was started`,
      )
      heartbeats.watch(p)
      if (replacing && replacing !== p) retire(replacing)
      replacing = undefined
      fill()
    },
    message(p: P, message: WebProcessMessage) {
      if (stopping) return
      if (message.type === 'heartbeat') heartbeats.beat(p)
      if (message.type === 'busy' && starting().length === 0 && serving().length < most) startOne()
      if (message.type === 'idle' && serving().includes(p)) {
        const othersAnswer = answering().some((other) => other !== p)
        if (serving().length > least && othersAnswer) retire(p)
        else if (message.rssMb > RECYCLE_ABOVE_MB && starting().length === 0) {
          replacing = p
          startOne()
        }
      }
    },
    /**
     * A web process ended (`how`: its exit code or signal). Answers true when it ended before it ever
     * served and nobody asked it to: the caller decides whether that fails the start.
     */
    exited(p: P, how: string) {
      running.delete(p)
      heartbeats.forget(p)
      if (p === replacing) replacing = undefined
      if (stopping || retiring.has(p)) return false
      if (!listened.has(p)) return true
      const replaced = fill() ? '; starting another' : ''
      if (!killed.has(p)) log.error(`the web process ${p.process.pid} ended (${how})${replaced}`)
      return false
    },
    /** The server is stopping: nothing is started, retired or killed from now on. */
    stop() {
      stopping = true
      heartbeats.stop()
    },
  }
}
