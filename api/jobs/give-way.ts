import { log } from '../../runtime/log'
import type { Job, JobQueue } from './queue'

/** The run was stopped to give its slot to another organization; it goes on in a further run. */
export class GaveWay extends Error {
  name = 'GaveWay'
  constructor() {
    super("The run gave its slot up to another organization's job; a further run goes on.")
  }
}

/**
 * Asks the queue every `everyMs` whether the job's run should give its slot up (`shouldGiveWay`),
 * and aborts `signal` with GaveWay when it should. For work that keeps what it did as it goes (OCR's
 * pages), so stopping it loses at most what it was doing. `stop()` ends the asking.
 */
export function watchForGivingWay(
  queue: JobQueue,
  job: Job,
  { marginMs, everyMs }: { marginMs: number; everyMs: number },
) {
  const gaveWay = new AbortController()
  let asking = false
  const timer = setInterval(() => {
    if (asking || gaveWay.signal.aborted) return
    asking = true
    queue
      .shouldGiveWay(job, marginMs)
      .then((give) => {
        if (give && !gaveWay.signal.aborted) gaveWay.abort(new GaveWay())
      })
      .catch((error: unknown) => log.warn({ err: error }, 'could not ask whether a job should give way'))
      .finally(() => (asking = false))
  }, everyMs)
  // A watch never keeps a stopping process alive.
  timer.unref()
  return {
    signal: gaveWay.signal,
    stop: () => clearInterval(timer),
  }
}
