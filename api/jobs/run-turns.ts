import { log } from '../../runtime/log'
import type { Job, JobQueue } from './queue'

/** The run was stopped to give its slot to another organization's job; a further run goes on. */
export class GaveWay extends Error {
  name = 'GaveWay'
  constructor() {
    super("The run gave its slot up to another organization's job; a further run goes on.")
  }
}

/**
 * Asks the queue every `everyMs` who else wants the job's slot (`contention`), for work that keeps
 * what it did as it goes (OCR's pages) and can go on in a further run (decision 047):
 *
 * - `gaveWay` aborts (with GaveWay) at once when an organization that worked `marginMs` less waits:
 *   the run is to stop, losing at most what it was doing.
 * - `turnOver` aborts once the run has had `turnMs` and another job is due that could take its
 *   slot: the run is to end at its next good point. With nobody waiting, a run goes on.
 *
 * Asked only once `keeping()` says the run keeps what it does as it goes. `stop()` ends the asking.
 */
export function watchRunTurn(
  queue: JobQueue,
  job: Job,
  { turnMs, marginMs, everyMs, keeping }: { turnMs: number; marginMs: number; everyMs: number; keeping: () => boolean },
) {
  const gaveWay = new AbortController()
  const turnOver = new AbortController()
  const started = Date.now()
  let asking = false
  const timer = setInterval(() => {
    // Until the run keeps what it does, neither ending early would help: nothing is asked.
    if (asking || gaveWay.signal.aborted || !keeping()) return
    asking = true
    queue
      .contention(job, marginMs)
      .then(({ giveWay, anotherDue }) => {
        if (giveWay) gaveWay.abort(new GaveWay())
        else if (anotherDue && !turnOver.signal.aborted && Date.now() - started >= turnMs) turnOver.abort()
      })
      .catch((error: unknown) => log.warn({ err: error }, 'could not ask who else wants a running job’s slot'))
      .finally(() => (asking = false))
  }, everyMs)
  // The watch never keeps a stopping process alive.
  timer.unref()
  return { gaveWay: gaveWay.signal, turnOver: turnOver.signal, stop: () => clearInterval(timer) }
}
