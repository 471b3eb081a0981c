import { parseSync } from 'subtitle'

import { type Segment, UNKNOWN_SPEAKER } from '../../shared/meetings'

export type TranscriptFormat = 'vtt' | 'srt' | 'text'

export interface ParsedTranscript {
  /** The file's format, or `recording` for one transcribed from the meeting's recording (transcription-job.ts). */
  format: TranscriptFormat | 'recording'
  segments: Segment[]
  /** True when the file gave no times and they were estimated from the words spoken. */
  timesEstimated: boolean
}

/** A file that is not a transcript this parser reads; the message says what was expected. */
export class TranscriptError extends Error {
  name = 'TranscriptError'
}

// Speech runs at about 150 words a minute: the length of a turn when the file gives no times.
const SECONDS_PER_WORD = 0.4

interface Turn {
  speaker: string | null
  text: string
  start: number | null
  end: number | null
}

const TIMESTAMP = String.raw`(?:\d{1,2}:)?\d{1,2}:\d{2}(?:[.,]\d{1,3})?`

/** "1:02:03.5", "02:03", "2:03,250" in seconds. */
export function secondsOf(timestamp: string) {
  const parts = timestamp.replace(',', '.').split(':').map(Number)
  return parts.reduce((total, part) => total * 60 + part, 0)
}

// A name as meeting tools write it before a colon: up to five words, no sentence punctuation.
const NAME = String.raw`[\p{L}][\p{L}\p{M}'’.\- ]{0,60}?`
const isName = (name: string) => name.trim().split(/\s+/).length <= 5 && !/[.]$/.test(name.trim())

/** The speaker a cue's text names (`<v Name>`, `Name:`, `>> NAME:`, `[Name]`), and the words said. */
function speakerOf(cue: string): { speaker: string | null; text: string } {
  const voice = /<v(?:\.[\w.-]+)?\s+([^>]+)>/.exec(cue)
  const plain = cue
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim()
  if (voice) return { speaker: voice[1]!.trim(), text: plain }
  const prefixed = new RegExp(String.raw`^(?:>>\s*)?(?:\[(${NAME})\]|(${NAME}):)\s+(.*)$`, 'u').exec(plain)
  const name = prefixed?.[1] ?? prefixed?.[2]
  if (prefixed && name && isName(name)) return { speaker: name.trim(), text: prefixed[3]!.trim() }
  return { speaker: null, text: plain }
}

// Matched a line at a time: a pattern over the whole text with the m flag backtracks on every line
// start, quadratic on a long run of blank lines.
const TIMING_LINE = new RegExp(String.raw`^\s*${TIMESTAMP}\s*-->\s*${TIMESTAMP}`)
// Any line that tries to be a timing line, and the form the cue parser takes (milliseconds required).
const TIMING_ATTEMPT = /^\s*[\d:.,]+\s*-{1,2}>/
const CUE_TIME = String.raw`(?:\d+:)?\d{1,2}:\d{2}[.,]\d{3}`
const CUE_TIMING = new RegExp(String.raw`^\s*${CUE_TIME}\s*-->\s*${CUE_TIME}(?:\s|$)`)

/**
 * The cue blocks alone: WebVTT's STYLE, REGION and NOTE blocks left out, and cue identifiers (the
 * line before a timing line) too, since the parser knows only SRT's numeric ones and would read
 * "c3" or "intro" as words of the cue before. A timing line the parser would not take is refused
 * here with its line number: it would otherwise be read as words of the cue before it.
 */
function cueBlocks(text: string, format: 'vtt' | 'srt') {
  const lines = text.split('\n')
  const kept: string[] = []
  let skipping = false
  lines.forEach((line, index) => {
    const blockStart = index === 0 || lines[index - 1]!.trim() === ''
    if (blockStart && format === 'vtt' && /^(?:STYLE|REGION|NOTE)(?:\s|$)/.test(line)) skipping = true
    if (line.trim() === '') {
      skipping = false
      // One blank line between blocks: the parser reads a second one as a cue without a time.
      if (kept.length === 0 || kept.at(-1)!.trim() === '') return
    }
    if (skipping) return
    if (TIMING_ATTEMPT.test(line) && !CUE_TIMING.test(line)) {
      throw new TranscriptError(`Line ${index + 1} is not a valid cue timing: "${line.trim().slice(0, 60)}".`)
    }
    const identifier = blockStart && index > 0 && TIMING_LINE.test(lines[index + 1] ?? '') && !TIMING_LINE.test(line)
    if (identifier && !/^\d+$/.test(line.trim())) return
    kept.push(line)
  })
  return kept.join('\n')
}

function cuesOf(text: string, format: 'vtt' | 'srt'): Turn[] {
  let nodes
  try {
    nodes = parseSync(cueBlocks(text, format))
  } catch (error) {
    if (error instanceof TranscriptError) throw error
    throw new TranscriptError(
      `This ${format === 'vtt' ? 'WebVTT' : 'SRT'} file could not be read: ${(error as Error).message}.`,
    )
  }
  return nodes.flatMap((node) =>
    node.type === 'cue'
      ? [{ ...speakerOf(node.data.text), start: node.data.start / 1000, end: node.data.end / 1000 }]
      : [],
  )
}

/**
 * Plain text as meeting tools export it: `Name: words` lines, optionally with a time before the name
 * (`[00:01:02] Name: ...`, `00:01 Name: ...`) or after it (`Name (01:02): ...`), or a line with the
 * name and the time alone and the words on the lines below (`Name  0:15`). Other lines continue the
 * turn before them.
 */
function linesOf(text: string): Turn[] {
  const timeFirst = new RegExp(String.raw`^[\[(]?(${TIMESTAMP})[\])]?\s*[-–]?\s*(${NAME}):\s*(.*)$`, 'u')
  const nameFirst = new RegExp(String.raw`^(${NAME})\s*[\[(](${TIMESTAMP})[\])]\s*:\s*(.*)$`, 'u')
  const heading = new RegExp(String.raw`^(${NAME})\s+[\[(]?(${TIMESTAMP})[\])]?$`, 'u')
  const plain = new RegExp(String.raw`^(${NAME}):\s*(.*)$`, 'u')
  const turns: Turn[] = []
  const add = (speaker: string, start: number | null, said: string) =>
    turns.push({ speaker: speaker.trim(), text: said.trim(), start, end: null })
  for (const raw of text.split('\n')) {
    const line = raw.trim()
    if (!line) continue
    let match
    if ((match = timeFirst.exec(line)) && isName(match[2]!)) add(match[2]!, secondsOf(match[1]!), match[3]!)
    else if ((match = nameFirst.exec(line)) && isName(match[1]!)) add(match[1]!, secondsOf(match[2]!), match[3]!)
    else if ((match = heading.exec(line)) && isName(match[1]!)) add(match[1]!, secondsOf(match[2]!), '')
    else if ((match = plain.exec(line)) && isName(match[1]!)) add(match[1]!, null, match[2]!)
    else if (turns.length) turns.at(-1)!.text = `${turns.at(-1)!.text} ${line}`.trim()
    else turns.push({ speaker: null, text: line, start: null, end: null })
  }
  if (!turns.some((turn) => turn.speaker)) {
    throw new TranscriptError(
      "No speakers found. Upload a WebVTT (.vtt) or SRT (.srt) file, or text with one turn per line as 'Name: what they said'.",
    )
  }
  return turns
}

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length

/**
 * Turns with their times settled: a turn without a start begins where the one before ended, a turn
 * without an end lasts until the next one starts, or as long as its words take to say.
 */
function timed(turns: Turn[]) {
  let clock = 0
  return turns.map((turn, index) => {
    const start = turn.start ?? clock
    const next = turns.slice(index + 1).find((later) => later.start !== null)?.start
    const spoken = start + Math.max(1, wordCount(turn.text)) * SECONDS_PER_WORD
    const end = turn.end ?? (next != null && next > start ? next : spoken)
    clock = Math.max(clock, end)
    return { ...turn, start, end }
  })
}

/** Cues of one speaker in a row are one turn; a cue that names no one continues the turn before it. */
function merged(turns: ReturnType<typeof timed>): Segment[] {
  const segments: Segment[] = []
  for (const turn of turns) {
    if (!turn.text) continue
    const last = segments.at(-1)
    const speaker = turn.speaker ?? last?.speaker ?? UNKNOWN_SPEAKER
    if (last && last.speaker === speaker) {
      last.text = `${last.text} ${turn.text}`
      last.endTime = Math.max(last.endTime, turn.end)
      continue
    }
    segments.push({ id: segments.length + 1, speaker, text: turn.text, startTime: turn.start, endTime: turn.end })
  }
  return segments.map((segment) => ({
    ...segment,
    startTime: Math.round(segment.startTime * 1000) / 1000,
    endTime: Math.round(segment.endTime * 1000) / 1000,
  }))
}

function formatOf(text: string): TranscriptFormat {
  if (/^WEBVTT(?:[ \t].*)?$/m.test(text.split('\n', 1)[0]!)) return 'vtt'
  return text.split('\n').some((line) => TIMING_LINE.test(line)) ? 'srt' : 'text'
}

/** Reads a meeting transcript: WebVTT, SRT, or plain `Name: text` lines. Throws TranscriptError. */
export function parseTranscript(input: string): ParsedTranscript {
  const text = input.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n')
  if (!text.trim()) throw new TranscriptError('The transcript file is empty.')
  const format = formatOf(text)
  const turns = format === 'text' ? linesOf(text) : cuesOf(text, format)
  const segments = merged(timed(turns))
  if (!segments.length) throw new TranscriptError('The transcript has no spoken text.')
  return { format, segments, timesEstimated: turns.every((turn) => turn.start === null) }
}
