/**
 * The worst inputs found for each parser of user text (issue 30): runs of the characters their
 * patterns backtrack on, many short turns or lines, one huge line. Each is made at any size, so the
 * unit tests read them at the largest size the parser can receive and the benchmark
 * (`npm run bench -- --only=parsers`) times them there and at a quarter of it.
 */
import { MAX_MESSAGE } from '../../shared/chat'
import { MAX_TRANSCRIPT_MB, MAX_TRANSCRIPT_SPEAKERS, MAX_TRANSCRIPT_TURNS } from '../../shared/meetings'

/** `unit` repeated to fill `size` characters after `head`. */
export const fill = (unit: string, size: number, head = '') =>
  head + unit.repeat(Math.max(0, Math.floor((size - head.length) / unit.length)))

/** What one parser can be given at most, and where that limit is set. */
export const LIMITS = {
  transcript: { chars: MAX_TRANSCRIPT_MB * 1024 * 1024, source: 'MAX_TRANSCRIPT_MB (shared/meetings.ts)' },
  // Extraction keeps at most MAX_EXTRACTED_CHARS of a document's text (api/kernel/config.ts, default).
  document: { chars: 3_000_000, source: 'MAX_EXTRACTED_CHARS default (api/kernel/config.ts)' },
  question: { chars: MAX_MESSAGE, source: 'MAX_MESSAGE (shared/chat.ts)' },
  // A search query is at most 1,000 characters (api/search/schema.ts); chat questions are searched too.
  query: { chars: MAX_MESSAGE, source: 'MAX_MESSAGE (shared/chat.ts), over the search query max of 1,000' },
} as const

/** The `index`th of the speaker names "Xa", "Xb", … "Xz", "Xaa", … */
function speakerName(index: number) {
  let name = ''
  for (let rest = index; ; rest = Math.floor(rest / 26) - 1) {
    name += String.fromCharCode(97 + (rest % 26))
    if (rest < 26) break
  }
  return `X${name}`
}

/** A line of each of `count` distinct speakers, or of as many as fit. */
function distinctSpeakers(size: number, count = Infinity) {
  const lines: string[] = []
  let length = 0
  for (let index = 0; length < size && index < count; index++) {
    const line = `${speakerName(index)}: hi\n`
    lines.push(line)
    length += line.length
  }
  return lines.join('').slice(0, size)
}

/** Transcript files (the .vtt, .srt or .txt upload) of the worst shapes found. */
export const TRANSCRIPT_SHAPES: Record<string, (size: number) => string> = {
  'one cue, then a run of `<v `': (size) => fill('<v ', size, 'WEBVTT\n\n00:00:01.000 --> 00:00:04.000\n<v Ann>Hi.\n'),
  'one cue, then a run of `<`': (size) => fill('<', size, 'WEBVTT\n\n00:00:01.000 --> 00:00:04.000\n<v Ann>Hi.\n'),
  'short `Ann: hi` / `Bob: yo` turns without times': (size) => fill('Ann: hi\nBob: yo\n', size),
  'the most short turns allowed, the last of millions of words': (size) =>
    fill(' x', size, `${'Ann: hi\nBob: yo\n'.repeat(MAX_TRANSCRIPT_TURNS / 2 - 1)}Ann: hi\nBob: yo`),
  'one turn of millions of lines': (size) => fill('x\n', size, 'Ann: hi\n'),
  'a run of spaces between a time and a name': (size) => `${fill(' ', size - 1, 'Ann: hi\n0:00')}x`,
  'short WebVTT cues of one speaker': (size) => fill('00:00.000 --> 00:01.000\n<v Ann>hi\n\n', size, 'WEBVTT\n\n'),
  'short SRT cues': (size) => fill('1\n00:00:00,000 --> 00:00:01,000\nAnn: hi\n\n', size),
  'lines of five-word names and more': (size) =>
    fill('Ab cd ef gh ij kl mn op qr st uv wx yz ab cd ef gh ij kl mn op qr st uv wx yz aaaa: x\n', size, 'Ann: hi\n'),
  'a new speaker on every line': (size) => distinctSpeakers(size),
  'the most speakers allowed, the last of millions of words': (size) =>
    fill(' x', size, distinctSpeakers(size, MAX_TRANSCRIPT_SPEAKERS).trimEnd()),
  'one sentence committing to a task of millions of words': (size) => fill('word ', size, "Ann: I'll send "),
  'distinct requests, each of the next speaker': (size) => {
    const lines: string[] = []
    let length = 0
    for (let index = 0; length < size; index++) {
      // Bob's answers are long enough that the file holds no more turns than a transcript may.
      const line = `Ann: Can you send report ${index}?\nBob: Yes.${' Sure.'.repeat(90)}\n`
      lines.push(line)
      length += line.length
    }
    return lines.join('').slice(0, size)
  },
  'one request repeated': (size) =>
    fill('Ann: Can you send the report?\nAnn: Please send the report.\n', size, 'Bob: Hello.\n'),
  'a run of `A-` before "will"': (size) => `${fill('A-', size - 20, 'Ann: ')} will send it`,
  'a task ending in a run of ` .` and a word': (size) => `${fill(' .', size - 1, "Ann: I'll send it")}x`,
  'a task followed by dates': (size) => fill('12/03 ', size, "Ann: I'll send it by "),
}

/**
 * Whitespace other than spaces and newlines, and characters that show nothing. JavaScript's `\s`
 * and `trim()` take most of them, which no pattern of the cleaning collapsed until a run of U+1680
 * kept the chunker busy for minutes (issue 30).
 */
export const UNUSUAL_SPACES: Record<string, string> = {
  'U+1680 OGHAM SPACE MARK': '\u1680',
  'U+00A0 NO-BREAK SPACE': '\u00a0',
  'U+2003 EM SPACE': '\u2003',
  'U+3000 IDEOGRAPHIC SPACE': '\u3000',
  'U+FEFF BYTE ORDER MARK': '\ufeff',
  'U+200B ZERO WIDTH SPACE': '\u200b',
  'U+2028 LINE SEPARATOR': '\u2028',
  'U+2029 PARAGRAPH SEPARATOR': '\u2029',
  'U+000D CARRIAGE RETURN': '\r',
  'U+0009 TAB': '\t',
}

/** Document text (extraction cleans it: see `cleanText`) of the worst shapes found. */
export const DOCUMENT_SHAPES: Record<string, (size: number) => string> = {
  'a run of `1,`': (size) => fill('1,', size, 'Revenue was 4 million. '),
  'a run of `€1,`': (size) => fill('€1,', size, 'Revenue was 4 million. '),
  'sentences of abbreviations, `Mr. A`': (size) => fill('Mr. A ', size, 'Revenue was 4 million. '),
  'one sentence of dates': (size) => fill('1 January 2025 ', size, 'The lease ends on '),
  'table rows': (size) => fill('Revenue | 1,200 | 1,350\n', size, 'Customer | 2024 | 2025\n'),
  'sentences stating risks': (size) => fill('Hartwell accounts for 30% of revenue. ', size),
  'paragraphs of one letter': (size) => fill('A\n\n', size, 'Revenue was 4 million. '),
  ...Object.fromEntries(
    Object.entries(UNUSUAL_SPACES).map(([name, space]) => [
      `a run of ${name}`,
      (size: number) => `${fill(space, size - 9, 'Revenue was 4 million.')}The end.`,
    ]),
  ),
  'a run of alternating combining marks': (size) =>
    `${fill('\u0301\u0316', size - 9, 'Revenue was 4 million. x')} The end.`,
}

/** Chat questions (and search queries) of the worst shapes found. */
export const QUESTION_SHAPES: Record<string, (size: number) => string> = {
  'a run of digits': (size) => fill('1', size, 'What was revenue in 2019 and '),
  'a run of `1,`': (size) => fill('1,', size, 'What was revenue in 2019 and '),
  'a run of tabs': (size) => fill('\t', size, 'Revenue | 1 | 2\n'),
  'a run of `which year `': (size) => fill('which year ', size, 'In '),
  'a run of `is a to `': (size) => fill('is a to ', size, 'What '),
  words: (size) => fill('revenue growth margin ', size),
}
