import { Worker } from 'node:worker_threads'

import { threadBundle } from '../../runtime/thread-bundle'
import { TranscriptError } from './transcript-error'
import type { TranscriptReading, TranscriptReadingRequest } from './transcript-reading'
import type { TranscriptReply } from './transcript-thread'

// Reading a 5 MB transcript takes seconds of CPU (docs/benchmarks.md, "Parsers of user text"): in a
// thread of its own, so the server answers everyone else meanwhile. The thread is kept a few seconds
// for the next upload (starting one loads the parsers, ~100 ms), then ends so it holds no memory.
const IDLE_MS = 5_000

let warm: { worker: Worker; retire: NodeJS.Timeout } | undefined
// One reading at a time, in the order asked: a second upload waits for the thread.
let queue: Promise<unknown> = Promise.resolve()

async function acquire() {
  if (warm) {
    clearTimeout(warm.retire)
    const { worker } = warm
    warm = undefined
    forget(worker)
    worker.ref()
    return worker
  }
  return new Worker(await threadBundle('api/transcriptions/transcript-thread.ts'))
}

// Only the listeners added here: the worker's own (on `newListener`) start and stop its port.
const forget = (worker: Worker) =>
  worker.removeAllListeners('message').removeAllListeners('error').removeAllListeners('exit')

function release(worker: Worker) {
  forget(worker)
  // An idle thread must not keep a finished process (a script, a test) alive.
  worker.unref()
  const drop = () => {
    if (warm?.worker === worker) warm = undefined
  }
  worker.once('exit', drop)
  // Dropped before it is ended, so no reading is ever given a thread on its way out.
  const retire = setTimeout(() => {
    drop()
    void worker.terminate()
  }, IDLE_MS).unref()
  warm = { worker, retire }
}

async function readOnce(request: TranscriptReadingRequest): Promise<TranscriptReading> {
  const worker = await acquire()
  return new Promise((resolve, reject) => {
    const fail = (error: Error) => {
      forget(worker)
      void worker.terminate()
      reject(error)
    }
    worker.once('message', (reply: TranscriptReply) => {
      release(worker)
      if (reply.ok) resolve(reply.reading)
      else reject(reply.expected ? new TranscriptError(reply.reason) : new Error(reply.reason))
    })
    worker.once('error', fail)
    worker.once('exit', (code) => fail(new Error(`The transcript thread stopped unexpectedly (exit code ${code}).`)))
    worker.postMessage(request)
  })
}

/** readTranscript (transcript-reading.ts) in a worker thread: the same result, or the same TranscriptError. */
export function readTranscriptInThread(request: TranscriptReadingRequest): Promise<TranscriptReading> {
  const reading = queue.then(() => readOnce(request))
  queue = reading.catch(() => undefined)
  return reading
}

/** Ends the idle thread now, for a script or test that wants to exit at once. */
export async function stopTranscriptThread() {
  const idle = warm
  warm = undefined
  if (idle) {
    clearTimeout(idle.retire)
    await idle.worker.terminate()
  }
}
