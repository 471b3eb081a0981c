// Issue 30: every parser of user text, fed its worst shapes (tests/support/worst-shapes.ts) at the
// largest size it can receive and at a quarter of it. Linear time shows as the same time per MB at
// both sizes; a quadratic parser would take four times as long per MB at the limit.
import { monitorEventLoopDelay } from 'node:perf_hooks'

import { analyseOffline } from '../../api/ai/analysis/offline'
import { analyze } from '../../api/ai/retrieval/analyzer'
import { readQuestion } from '../../api/ai/tables/question'
import { parseTables } from '../../api/ai/tables/table'
import { keyFacts } from '../../api/documents/insights'
import { chunkPages } from '../../api/ingest/chunker'
import { cleanText } from '../../api/ingest/extraction-types'
import { parseTranscript, TranscriptError } from '../../api/transcriptions/transcript-format'
import { readTranscript } from '../../api/transcriptions/transcript-reading'
import { readTranscriptInThread, stopTranscriptThread } from '../../api/transcriptions/transcript-worker'
import { excerpt, highlightSegments } from '../../app/utils/highlight'
import { DOCUMENT_SHAPES, LIMITS, QUESTION_SHAPES, TRANSCRIPT_SHAPES } from '../../tests/support/worst-shapes'

const MB = 1024 * 1024
const MEETING = { participants: [], meetingDate: new Date('2026-03-04T15:00:00Z') }

export interface ParserRow {
  parser: string
  shape: string
  limit: string
  limitChars: number
  /** Milliseconds per MB of input at a quarter of the limit, then at the limit. */
  quarterMsPerMb: number
  limitMsPerMb: number
}

interface Parser {
  name: string
  limit: { chars: number; source: string }
  shapes: Record<string, (size: number) => string>
  run: (text: string) => unknown
}

const chunksOf = (text: string) =>
  chunkPages([{ kind: 'section', label: null, text }]).map((chunk, index) => ({
    id: index + 1,
    text: chunk.text,
    pageNumber: 1,
    sheetName: null,
  }))

// A file past the limits of speakers or turns (shared/meetings.ts) is refused as it is read: the
// time to refuse it is its time.
const refusing =
  (read: (text: string) => unknown) =>
  async (text: string): Promise<unknown> => {
    try {
      return await read(text)
    } catch (error) {
      if (error instanceof TranscriptError) return error
      throw error
    }
  }

const PARSERS: Parser[] = [
  { name: 'transcript file', limit: LIMITS.transcript, shapes: TRANSCRIPT_SHAPES, run: refusing(parseTranscript) },
  {
    name: 'transcript speakers and insights',
    limit: LIMITS.transcript,
    shapes: TRANSCRIPT_SHAPES,
    run: refusing((text) => readTranscript({ source: { text }, ...MEETING })),
  },
  { name: 'document chunks', limit: LIMITS.document, shapes: DOCUMENT_SHAPES, run: chunksOf },
  {
    name: 'document analysis (4 types)',
    limit: LIMITS.document,
    shapes: DOCUMENT_SHAPES,
    run: (text) => {
      const input = { title: 'Bench', chunks: chunksOf(text), tableHeaders: [], uploadedAt: MEETING.meetingDate }
      for (const type of ['summary', 'key-findings', 'risks', 'recommendations'] as const) analyseOffline(input, type)
    },
  },
  { name: 'document key facts', limit: LIMITS.document, shapes: DOCUMENT_SHAPES, run: keyFacts },
  { name: 'extracted text cleanup', limit: LIMITS.document, shapes: DOCUMENT_SHAPES, run: cleanText },
  {
    name: 'table parsing',
    limit: LIMITS.question,
    shapes: { ...QUESTION_SHAPES, ...DOCUMENT_SHAPES },
    run: parseTables,
  },
  { name: 'question reading', limit: LIMITS.question, shapes: QUESTION_SHAPES, run: readQuestion },
  { name: 'search query analysis', limit: LIMITS.query, shapes: QUESTION_SHAPES, run: analyze },
  {
    name: 'search highlight and excerpt',
    limit: LIMITS.query,
    shapes: QUESTION_SHAPES,
    run: (text) => [highlightSegments(text, text.slice(0, 1000)), excerpt(text, text.slice(0, 1000))],
  },
]

// Small inputs are read this many times so the time is not lost in the clock's resolution.
const MIN_CHARS_TIMED = 4 * MB

async function msPerMb(run: Parser['run'], text: string) {
  const rounds = Math.max(1, Math.ceil(MIN_CHARS_TIMED / text.length))
  await run(text)
  const start = performance.now()
  for (let round = 0; round < rounds; round++) await run(text)
  return (performance.now() - start) / rounds / (text.length / MB)
}

export async function measureParsers(): Promise<{ rows: ParserRow[]; eventLoop: EventLoopFigures }> {
  const rows: ParserRow[] = []
  for (const parser of PARSERS) {
    for (const [shape, make] of Object.entries(parser.shapes)) {
      const quarter = await msPerMb(parser.run, make(parser.limit.chars / 4))
      const limit = await msPerMb(parser.run, make(parser.limit.chars))
      rows.push({
        parser: parser.name,
        shape,
        limit: parser.limit.source,
        limitChars: parser.limit.chars,
        quarterMsPerMb: quarter,
        limitMsPerMb: limit,
      })
    }
  }
  return { rows, eventLoop: await measureEventLoop() }
}

interface EventLoopFigures {
  shape: string
  readMs: { inProcess: number; inThread: number }
  longestDelayMs: { inProcess: number; inThread: number }
}

/** What reading the heaviest 5 MB transcript accepted costs the event loop, on it and in the worker thread. */
async function measureEventLoop(): Promise<EventLoopFigures> {
  const shape = 'the most short turns allowed, the last of millions of words'
  const text = TRANSCRIPT_SHAPES[shape]!(LIMITS.transcript.chars)
  const measure = async (read: () => Promise<unknown>) => {
    const delay = monitorEventLoopDelay({ resolution: 10 })
    delay.enable()
    const start = performance.now()
    await read()
    const ms = performance.now() - start
    // The histogram samples on its own 10 ms timer: a loop held by the read is seen when that
    // timer fires next, so it is given the turn before the figure is read.
    await new Promise((resolve) => setTimeout(resolve, 20))
    delay.disable()
    return { ms, longest: delay.max / 1e6 }
  }
  await readTranscriptInThread({ source: { text: 'Ann: warm up' }, ...MEETING })
  const inProcess = await measure(() => readTranscript({ source: { text }, ...MEETING }))
  const inThread = await measure(() => readTranscriptInThread({ source: { text }, ...MEETING }))
  await stopTranscriptThread()
  return {
    shape,
    readMs: { inProcess: inProcess.ms, inThread: inThread.ms },
    longestDelayMs: { inProcess: inProcess.longest, inThread: inThread.longest },
  }
}
