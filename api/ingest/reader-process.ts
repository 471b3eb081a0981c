import { type ChildProcess, fork } from 'node:child_process'
import type { Socket } from 'node:net'

import { runBelow } from '../../runtime/priority'
import { threadBundle } from '../../runtime/thread-bundle'
import { canWatchProcesses, residentMemoryMb } from './process-usage'
import { startRunClockOf } from './run-clock'

// What a reader process may hold between documents: Node and the bundle ~65 MB, ~105 MB once
// pdf.js has read a PDF (docs/decisions/027), with room for what pdf.js caches after more. A
// reader holding more after a document (after OCR or a large workbook) is ended rather than
// reused, so every document has EXTRACTION_MEMORY_MB of its own on top of this.
export const READER_BASE_MB = 192
// pdf.js grows a decoded stream by doubling its buffer, so a bomb gains at most a few hundred MB
// between two looks; a look costs ~45 µs.
const MEMORY_CHECK_MS = 100
// A run's limit is tens of seconds; a look at its CPU time costs ~30 µs.
const RUN_TIME_CHECK_MS = 250

// Nice steps below the server a reader runs at, as the work pool's threads do: when the cores are
// busy, pages and answers come before documents being read (decision 090).
const READER_NICENESS = 10

const STDERR_TAIL_CHARS = 8_192
// What V8 prints as it aborts a process whose heap reached --max-old-space-size.
const HEAP_EXHAUSTED = 'JavaScript heap out of memory'

/** A process that reads documents one at a time (extraction-process.ts) for the extraction pool. */
export interface ReaderProcess {
  child: ChildProcess
  /** Its heap cap; its resident memory may reach READER_BASE_MB more. */
  memoryMb: number
  /** The end of what it wrote to stderr, which says why it died when it did. */
  stderrTail: string
}

/**
 * Starts a reader. Its own process, not a worker thread: a thread's `resourceLimits` bound only
 * the V8 heap, while parsers decode into buffers outside it, and only a process can be watched
 * and killed whole. Node's flags are not the server's (tsx's loader would cost ~300 MB a reader,
 * decision 003); the umask, which keeps what it writes private (decision 025), is inherited.
 */
export async function startReader(memoryMb: number): Promise<ReaderProcess> {
  const child = fork(await threadBundle('api/ingest/extraction-process.ts'), [], {
    execArgv: [`--max-old-space-size=${memoryMb}`],
    serialization: 'advanced',
    // pdf.js and SheetJS print warnings about odd files; they are not ours to show.
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  })
  // OCR's thread, started later, inherits it.
  runBelow(child.pid!, READER_NICENESS)
  const reader: ReaderProcess = { child, memoryMb, stderrTail: '' }
  child.stderr!.setEncoding('utf8')
  child.stderr!.on('data', (text: string) => {
    reader.stderrTail = (reader.stderrTail + text).slice(-STDERR_TAIL_CHARS)
  })
  return reader
}

/** Ends the reader's process at once; resolves when it is gone. */
export function endReader({ child }: ReaderProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  // An idle reader no longer keeps this process alive: waiting for its end must.
  child.ref()
  child.kill('SIGKILL')
  return gone
}

/** Whether the reader's process, its IPC channel and its stderr pipe keep this process alive. */
export function holdOpen({ child }: ReaderProcess, hold: boolean) {
  for (const handle of [child, child.channel, child.stderr as Socket | null]) {
    if (hold) handle?.ref()
    else handle?.unref()
  }
}

/** Whether the reader holds more than a reader may between documents. */
export function holdsTooMuchToReuse({ child }: ReaderProcess) {
  return canWatchProcesses && (residentMemoryMb(child.pid!) ?? 0) > READER_BASE_MB
}

/**
 * Calls `exceeded` at the first look that finds the reader's resident memory past its limit:
 * what bounds the buffers outside the V8 heap (pdf.js's decoded streams, SheetJS's unpacked parts,
 * canvas and WebAssembly memory). Answers the function that stops watching.
 */
export function watchMemory({ child, memoryMb }: ReaderProcess, exceeded: () => void): () => void {
  if (!canWatchProcesses) return () => {}
  const limitMb = memoryMb + READER_BASE_MB
  const watch = setInterval(() => {
    if ((residentMemoryMb(child.pid!) ?? 0) > limitMb) exceeded()
  }, MEMORY_CHECK_MS).unref()
  return () => clearInterval(watch)
}

/**
 * Calls `exceeded` at the first look that finds the reader has spent `limitMs` of its run clock
 * (run-clock.ts: its CPU time, with the clock as a backstop) since now. Answers the function that
 * stops watching.
 */
export function watchRunTime({ child }: ReaderProcess, limitMs: number, exceeded: () => void): () => void {
  const spent = startRunClockOf(child.pid!)
  const watch = setInterval(() => {
    if (spent() >= limitMs) exceeded()
  }, RUN_TIME_CHECK_MS).unref()
  return () => clearInterval(watch)
}

/** Whether a reader that ended by itself was aborted by V8 at its heap cap. */
export function reachedHeapLimit(reader: ReaderProcess, signal: NodeJS.Signals | null) {
  return signal === 'SIGABRT' && reader.stderrTail.includes(HEAP_EXHAUSTED)
}
