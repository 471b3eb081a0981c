import { parseSync } from 'subtitle'

import { MAX_TRANSCRIPT_SPEAKERS, MAX_TRANSCRIPT_TURNS, type Segment, UNKNOWN_SPEAKER } from '../../shared/meetings'
import { TranscriptError } from './transcript-error'

export { TranscriptError }

export type TranscriptFormat = 'vtt' | 'srt' | 'text'

export interface ParsedTranscript {
  /** The file's format, or `recording` for one transcribed from the meeting's recording (transcription-job.ts). */
  format: TranscriptFormat | 'recording'
  segments: Segment[]
  /** True when the file gave no times and they were estimated from the words spoken. */
  timesEstimated: boolean
}

// Speech runs at about 150 words a minute: the length of a turn when the file gives no times.
const SECONDS_PER_WORD = 0.4

interface Turn {
  speaker: string | null
  text: string
  start: number | null
  end: number | null
}

/**
 * Counts the turns and speakers as the file is read, joined as `merged` joins them (a cue or line
 * of the speaker before, or of no one, continues their turn), and refuses the file at the first
 * one past the limits, before anything more is built.
 */
function turnCounter() {
  const speakers = new Set<string>()
  let last: string | null = null
  let count = 0
  return (speaker: string | null, text: string) => {
    if (!text) return
    const current = speaker ?? last ?? UNKNOWN_SPEAKER
    if (current === last) return
    last = current
    if (++count > MAX_TRANSCRIPT_TURNS) {
      throw new TranscriptError(
        `The transcript has more than ${MAX_TRANSCRIPT_TURNS.toLocaleString('en-US')} turns, the most one transcript may hold.`,
      )
    }
    speakers.add(current)
    if (speakers.size > MAX_TRANSCRIPT_SPEAKERS) {
      throw new TranscriptError(
        `The transcript has more than ${MAX_TRANSCRIPT_SPEAKERS} speakers, the most one transcript may hold.`,
      )
    }
  }
}

const TIMESTAMP = String.raw`(?:\d{1,2}:)?\d{1,2}:\d{2}(?:[.,]\d{1,3})?`

/** "1:02:03.5", "02:03", "2:03,250" in seconds. */
export function secondsOf(timestamp: string) {
  const parts = timestamp.replace(',', '.').split(':').map(Number)
  return parts.reduce((total, part) => total * 60 + part, 0)
}

// A name as meeting tools write it before a colon: up to five words, no sentence punctuation.
const NAME = String.raw`[\p{L}][\p{L}\p{M}'’.\- ]{0,60}?`
// Names are read from text collapsed to single spaces: five words have four.
function isName(name: string) {
  const trimmed = name.trim()
  return trimmed.split(' ', 6).length <= 5 && !trimmed.endsWith('.')
}

// `[^<>]` rather than `[^>]`: a try that finds no `>` stops at the next `<`, so a cue of 40,000 `<v `
// costs one pass, not a scan to its end from each of them (issue 30). A tag holds no `<` anyway.
const VOICE = /<v(?:\.[\w.-]+)?\s([^<>]+)>/
const TAG = /<[^<>]*>/g
// Runs of spacing and other whitespace to one space; single spaces, most of them, are left alone,
// which takes a tenth of the time of replacing every one.
const collapsed = (text: string) => text.replace(/\s{2,}|[^\S ]/g, ' ').trim()
const PREFIXED = new RegExp(String.raw`^(?:>>\s*)?(?:\[(${NAME})\]|(${NAME}):)\s+(.*)$`, 'u')

/** The speaker a cue's text names (`<v Name>`, `Name:`, `>> NAME:`, `[Name]`), and the words said. */
function speakerOf(cue: string): { speaker: string | null; text: string } {
  const voice = VOICE.exec(cue)?.[1]?.trim()
  const plain = collapsed(cue.replace(TAG, ''))
  if (voice) return { speaker: voice, text: plain }
  const prefixed = PREFIXED.exec(plain)
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
  const turns: Turn[] = []
  const count = turnCounter()
  for (const node of nodes) {
    if (node.type !== 'cue') continue
    const { speaker, text } = speakerOf(node.data.text)
    count(speaker, text)
    turns.push({ speaker, text, start: node.data.start / 1000, end: node.data.end / 1000 })
  }
  return turns
}

const TIME_FIRST = new RegExp(String.raw`^[\[(]?(${TIMESTAMP})[\])]?\s*[-–]?\s*(${NAME}):\s*(.*)$`, 'u')
const NAME_FIRST = new RegExp(String.raw`^(${NAME})\s*[\[(](${TIMESTAMP})[\])]\s*:\s*(.*)$`, 'u')
const HEADING = new RegExp(String.raw`^(${NAME})\s+[\[(]?(${TIMESTAMP})[\])]?$`, 'u')
const PLAIN = new RegExp(String.raw`^(${NAME}):\s*(.*)$`, 'u')

/** The speaker, time and words of a line that starts a turn; null for one that continues a turn. */
function turnStart(line: string): { speaker: string; start: number | null; words: string } | null {
  // Every form has a colon (times have one): the other lines skip the patterns.
  if (!line.includes(':')) return null
  let match
  if ((match = TIME_FIRST.exec(line)) && isName(match[2]!))
    return { speaker: match[2]!, start: secondsOf(match[1]!), words: match[3]! }
  if ((match = NAME_FIRST.exec(line)) && isName(match[1]!))
    return { speaker: match[1]!, start: secondsOf(match[2]!), words: match[3]! }
  if ((match = HEADING.exec(line)) && isName(match[1]!))
    return { speaker: match[1]!, start: secondsOf(match[2]!), words: '' }
  if ((match = PLAIN.exec(line)) && isName(match[1]!)) return { speaker: match[1]!, start: null, words: match[2]! }
  return null
}

/**
 * Plain text as meeting tools export it: `Name: words` lines, optionally with a time before the name
 * (`[00:01:02] Name: ...`, `00:01 Name: ...`) or after it (`Name (01:02): ...`), or a line with the
 * name and the time alone and the words on the lines below (`Name  0:15`). Other lines continue the
 * turn before them.
 */
function linesOf(text: string): Turn[] {
  const turns: Turn[] = []
  // The last turn's lines, joined when the next turn starts: adding each line to the turn's text and
  // trimming it copied the whole turn every time, quadratic in a turn of many lines.
  let lines: string[] = []
  const count = turnCounter()
  const close = () => {
    const last = turns.at(-1)
    if (!last) return
    last.text = lines.join(' ')
    count(last.speaker, last.text)
  }
  const add = (speaker: string | null, start: number | null, words: string) => {
    close()
    turns.push({ speaker: speaker?.trim() ?? null, text: '', start, end: null })
    lines = words ? [words] : []
  }
  for (const raw of text.split('\n')) {
    // Spacing collapsed first: the patterns' neighbouring `\s*` would otherwise try every split of a
    // long run of spaces between them, quadratic in the line.
    const line = collapsed(raw)
    if (!line) continue
    const heading = turnStart(line)
    if (heading) add(heading.speaker, heading.start, heading.words)
    else if (turns.length) lines.push(line)
    else add(null, null, line)
  }
  close()
  if (!turns.some((turn) => turn.speaker)) {
    throw new TranscriptError(
      "No speakers found. Upload a WebVTT (.vtt) or SRT (.srt) file, or text with one turn per line as 'Name: what they said'.",
    )
  }
  return turns
}

/** Words of a turn, whose text is collapsed to single spaces: its spaces and one, counted without splitting it. */
function wordCount(text: string) {
  let count = text ? 1 : 0
  for (let at = text.indexOf(' '); at !== -1; at = text.indexOf(' ', at + 1)) count++
  return count
}

/**
 * The turns' times settled: a turn without a start begins where the one before ended, a turn
 * without an end lasts until the next one starts, or as long as its words take to say. Kept in two
 * arrays beside the turns rather than in a copy of each (hundreds of thousands in a 5 MB file).
 */
function timesOf(turns: Turn[]) {
  const starts = new Float64Array(turns.length)
  const ends = new Float64Array(turns.length)
  // The next start after each turn, found in one pass from the end: looking ahead from every turn
  // was quadratic in a file of turns without times.
  let upcoming: number | null = null
  for (let index = turns.length - 1; index >= 0; index--) {
    ends[index] = upcoming ?? NaN
    upcoming = turns[index]!.start ?? upcoming
  }
  let clock = 0
  turns.forEach((turn, index) => {
    const start = turn.start ?? clock
    const next = ends[index]!
    const spoken = start + Math.max(1, wordCount(turn.text)) * SECONDS_PER_WORD
    const end = turn.end ?? (next > start ? next : spoken)
    clock = Math.max(clock, end)
    starts[index] = start
    ends[index] = end
  })
  return { starts, ends }
}

const milliseconds = (seconds: number) => Math.round(seconds * 1000) / 1000

/** Cues of one speaker in a row are one turn; a cue that names no one continues the turn before it. */
function merged(turns: Turn[], { starts, ends }: ReturnType<typeof timesOf>): Segment[] {
  const segments: Segment[] = []
  // The last segment's turns, joined when the next one starts (as linesOf does with lines).
  let said: string[] = []
  const close = () => {
    const last = segments.at(-1)
    if (!last) return
    last.text = said.join(' ')
    last.endTime = milliseconds(last.endTime)
  }
  turns.forEach((turn, index) => {
    if (!turn.text) return
    const last = segments.at(-1)
    const speaker = turn.speaker ?? last?.speaker ?? UNKNOWN_SPEAKER
    if (last && last.speaker === speaker) {
      said.push(turn.text)
      last.endTime = Math.max(last.endTime, ends[index]!)
      return
    }
    close()
    said = [turn.text]
    const startTime = milliseconds(starts[index]!)
    segments.push({ id: segments.length + 1, speaker, text: '', startTime, endTime: ends[index]! })
  })
  close()
  return segments
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
  const segments = merged(turns, timesOf(turns))
  if (!segments.length) throw new TranscriptError('The transcript has no spoken text.')
  return { format, segments, timesEstimated: turns.every((turn) => turn.start === null) }
}
