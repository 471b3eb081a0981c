import { describe, expect, it } from 'vitest'

import { analyseOffline } from '../../api/ai/analysis/offline'
import { analyze } from '../../api/ai/retrieval/analyzer'
import { readQuestion } from '../../api/ai/tables/question'
import { parseTables } from '../../api/ai/tables/table'
import { keyFacts } from '../../api/documents/insights'
import { chunkPages } from '../../api/ingest/chunker'
import { cleanText } from '../../api/ingest/extraction-types'
import { extractPlainText } from '../../api/ingest/extractors/plain-text'
import { parseTranscript, TranscriptError } from '../../api/transcriptions/transcript-format'
import { readTranscript } from '../../api/transcriptions/transcript-reading'
import { excerpt, highlightSegments } from '../../app/utils/highlight'
import { MAX_TRANSCRIPT_SPEAKERS, MAX_TRANSCRIPT_TURNS } from '../../shared/meetings'
import {
  DOCUMENT_SHAPES,
  fill,
  LIMITS,
  QUESTION_SHAPES,
  TRANSCRIPT_SHAPES,
  UNUSUAL_SPACES,
} from '../support/worst-shapes'

// Issue 30: each parser of user text fed the worst shapes found for it at the largest size it can
// receive. No timing is asserted (npm run bench -- --only=parsers measures it); a quadratic parser
// fails here by the test timeout, as the transcript, key facts and chunker shapes did before.
const TRANSCRIPT = LIMITS.transcript.chars
const MEETING = { participants: [], meetingDate: new Date('2026-03-04T15:00:00Z') }
const transcript = (shape: string) => TRANSCRIPT_SHAPES[shape]!(TRANSCRIPT)
const read = (shape: string) => readTranscript({ source: { text: transcript(shape) }, ...MEETING })
const speakers = (segments: Array<{ speaker: string }>) => [...new Set(segments.map((segment) => segment.speaker))]

describe('reading a transcript at the 5 MB limit', () => {
  it('reads one cue followed by a run of unclosed voice tags as the cue speaker’s words', () => {
    const { segments } = parseTranscript(transcript('one cue, then a run of `<v `'))
    expect(segments).toHaveLength(1)
    expect(segments[0]).toMatchObject({ speaker: 'Ann', startTime: 1, endTime: 4 })
    expect(segments[0]!.text).toMatch(/^Hi\. (?:<v ){1000}/)
  })

  it('reads one cue followed by a run of `<` as the cue speaker’s words', () => {
    const { segments } = parseTranscript(transcript('one cue, then a run of `<`'))
    expect(segments).toHaveLength(1)
    expect(segments[0]!.text).toMatch(/^Hi\. <{1000}/)
  })

  it('refuses hundreds of thousands of short turns at the first past 20,000', () => {
    expect(() => parseTranscript(transcript('short `Ann: hi` / `Bob: yo` turns without times'))).toThrow(
      new TranscriptError('The transcript has more than 20,000 turns, the most one transcript may hold.'),
    )
  })

  it('reads the most short turns allowed without times, timed by their words', () => {
    const { segments, timesEstimated } = parseTranscript(
      transcript('the most short turns allowed, the last of millions of words'),
    )
    expect(timesEstimated).toBe(true)
    expect(segments).toHaveLength(MAX_TRANSCRIPT_TURNS)
    expect(segments[1]).toEqual({ id: 2, speaker: 'Bob', text: 'yo', startTime: 0.4, endTime: 0.8 })
    expect(segments.at(-1)).toMatchObject({ speaker: 'Bob', startTime: (MAX_TRANSCRIPT_TURNS - 1) * 0.4 })
    expect(segments.at(-1)!.text).toMatch(/^yo(?: x){1000}/)
  })

  it('reads millions of lines without a name as one turn', () => {
    const { segments } = parseTranscript(transcript('one turn of millions of lines'))
    expect(segments).toHaveLength(1)
    expect(segments[0]!.text).toBe(`hi${' x'.repeat(Math.floor((TRANSCRIPT - 8) / 2))}`)
  })

  it('reads a run of spaces between a time and a word as words of the turn before', () => {
    const { segments } = parseTranscript(transcript('a run of spaces between a time and a name'))
    expect(segments).toEqual([{ id: 1, speaker: 'Ann', text: 'hi 0:00 x', startTime: 0, endTime: 1.2 }])
  })

  it.each(['short WebVTT cues of one speaker', 'short SRT cues'])('merges %s into one turn', (shape) => {
    const { segments } = parseTranscript(transcript(shape))
    expect(segments).toHaveLength(1)
    expect(segments[0]).toMatchObject({ speaker: 'Ann', startTime: 0, endTime: 1 })
    expect(segments[0]!.text).toMatch(/^hi(?: hi){1000}/)
  })

  it('reads lines with a colon after more than five words as words, not speakers', () => {
    const { segments } = parseTranscript(transcript('lines of five-word names and more'))
    expect(speakers(segments)).toEqual(['Ann'])
  })
})

describe('matching speakers and working out insights at the 5 MB limit', () => {
  it('refuses a new speaker on every line at the first past 50', async () => {
    await expect(read('a new speaker on every line')).rejects.toThrow(
      new TranscriptError('The transcript has more than 50 speakers, the most one transcript may hold.'),
    )
  })

  it('adds a participant for each of the most speakers allowed', async () => {
    const reading = await read('the most speakers allowed, the last of millions of words')
    expect(reading.participants).toHaveLength(MAX_TRANSCRIPT_SPEAKERS)
    expect(reading.participants.slice(0, 2)).toEqual([
      { id: 1, name: 'Xa', email: '', role: 'participant' },
      { id: 2, name: 'Xb', email: '', role: 'participant' },
    ])
  })

  it('reads a commitment to a task of millions of words', async () => {
    const { insights } = await read('one sentence committing to a task of millions of words')
    expect(insights.actionItems).toHaveLength(1)
    expect(insights.actionItems[0]).toMatchObject({ assignee: 'Ann', dueDate: null })
    expect(insights.actionItems[0]!.text).toMatch(/^Send word word/)
  })

  it('keeps the first 30 of many requests, each for the next speaker', async () => {
    const { insights } = await read('distinct requests, each of the next speaker')
    expect(insights.actionItems).toHaveLength(30)
    expect(insights.actionItems[0]).toEqual({ text: 'Send report 0', assignee: 'Bob', dueDate: null })
    expect(insights.actionItems[29]).toEqual({ text: 'Send report 29', assignee: 'Bob', dueDate: null })
  })

  it('keeps one request repeated a hundred thousand times once', async () => {
    const { insights } = await read('one request repeated')
    expect(insights.actionItems).toEqual([{ text: 'Send the report', assignee: 'Bob', dueDate: null }])
  })

  it('finds no named assignee in a run of `A-`', async () => {
    const { insights } = await read('a run of `A-` before "will"')
    expect(insights.actionItems).toEqual([])
  })

  it('keeps the words after a run of ` .` in the task', async () => {
    const { insights } = await read('a task ending in a run of ` .` and a word')
    expect(insights.actionItems).toHaveLength(1)
    expect(insights.actionItems[0]!.text).toMatch(/^Send it(?: \.){1000}.*\.x$/)
  })

  it('reads the due date of a task followed by millions of dates from its first words', async () => {
    const { insights } = await read('a task followed by dates')
    expect(insights.actionItems).toHaveLength(1)
    expect(insights.actionItems[0]).toMatchObject({ assignee: 'Ann', dueDate: '2026-12-03' })
  })
})

describe('cleaning a document’s text', () => {
  const DOCUMENT = LIMITS.document.chars
  const LINE_BREAKS = new Set(['\u2028', '\u2029', '\r'])
  const ZERO_WIDTH = new Set(['\u200b', '\ufeff'])

  it.each(Object.keys(UNUSUAL_SPACES))('reads a run of %s as one space, one blank line or nothing', (name) => {
    const space = UNUSUAL_SPACES[name]!
    const cleaned = cleanText(DOCUMENT_SHAPES[`a run of ${name}`]!(DOCUMENT))
    const gap = LINE_BREAKS.has(space) ? '\n\n' : ZERO_WIDTH.has(space) ? '' : ' '
    // The length first: a failing comparison of millions of characters takes minutes to print.
    expect(cleaned.length).toBe(`Revenue was 4 million.${gap}The end.`.length)
    expect(cleaned).toBe(`Revenue was 4 million.${gap}The end.`)
  })

  it('keeps at most 30 combining marks on a letter', () => {
    const cleaned = cleanText(DOCUMENT_SHAPES['a run of alternating combining marks']!(DOCUMENT))
    expect(cleaned.length).toBeLessThan(100)
    expect(cleaned).toMatch(/^Revenue was 4 million\. x\p{M}{1,30} The end\.$/u)
  })

  it('cleans a 50 MB text file only as far as the 3,000,000 characters it keeps', () => {
    // U+FDFA is 3 bytes and cleans to 18 characters: cleaned whole, this file is 300 million.
    const bytes = new TextEncoder().encode(fill('\ufdfa', (50 * 1024 * 1024) / 3))
    const { pages, notes } = extractPlainText(bytes, { maxChars: DOCUMENT })
    expect(pages[0]!.text).toHaveLength(DOCUMENT)
    expect(pages[0]!.text.startsWith('صلى الله عليه وسلمصلى الله')).toBe(true)
    expect(notes).toEqual([
      'Only the first 3,000,000 characters of text were indexed; the rest of the document is too large.',
    ])
  })

  it('cuts a run of U+1680 left in a page’s text into chunks without it', () => {
    const chunks = chunkPages([
      { kind: 'section', label: null, text: DOCUMENT_SHAPES['a run of U+1680 OGHAM SPACE MARK']!(DOCUMENT) },
    ])
    expect(chunks.length).toBeLessThanOrEqual(3)
    expect(chunks.some((chunk) => chunk.text.includes('\u1680'))).toBe(false)
    expect(chunks.map((chunk) => chunk.text).slice(-2)).toEqual(['Revenue was 4 million.', 'The end.'])
  })
})

describe('reading a document’s text at the 3,000,000-character limit', () => {
  // As extraction leaves it.
  const text = (shape: string) => cleanText(DOCUMENT_SHAPES[shape]!(LIMITS.document.chars))
  const chunksOf = (shape: string) =>
    chunkPages([{ kind: 'section', label: null, text: text(shape) }]).map((chunk, index) => ({
      id: index + 1,
      text: chunk.text,
      pageNumber: 1,
      sheetName: null,
    }))

  it('cuts a text of abbreviated sentences into chunks of whole words within the size', () => {
    const chunks = chunkPages([{ kind: 'section', label: null, text: text('sentences of abbreviations, `Mr. A`') }])
    expect(chunks.length).toBeGreaterThan(1000)
    // The opening sentence ends at "million." (a capital follows), and opens the chunk after it;
    // "Mr." and "A." end none.
    expect(chunks[0]!.text).toBe('Revenue was 4 million.')
    for (const chunk of chunks.slice(1)) {
      expect(chunk.text).toMatch(/^(?:Revenue|Mr\.|A) .*(?:Mr\.|A)$/)
      expect(chunk.text.length).toBeLessThanOrEqual(1600)
    }
  })

  it('reads the key facts of a text this long from stretches spread evenly over it', () => {
    const half = LIMITS.document.chars / 2
    const facts = keyFacts(`${fill('Hartwell paid €1.2 million. ', half)}${fill('Brightmoor paid 40%. ', half)}`)
    expect(facts.sampled).toBe(true)
    expect(facts.key_terms.map((term) => term.term)).toEqual(expect.arrayContaining(['hartwell', 'brightmoor']))
    expect(facts.key_terms[0]).toMatchObject({ term: 'paid' })
    expect(facts.key_terms[0]!.count).toBeLessThan(5_000)
    expect(facts.figures).toEqual(['€1.2 million', '40%'])
  })

  it('finds the figures of a run of `1,` and of `€1,`', () => {
    expect(keyFacts(text('a run of `1,`')).figures).toEqual([])
    // A stretch of the sample without a space is cut where it falls: `€1` may end one.
    expect(keyFacts(text('a run of `€1,`')).figures).toEqual(expect.arrayContaining(['€1,']))
    expect(keyFacts(text('a run of `€1,`')).figures.every((figure) => /^€1,?$/.test(figure))).toBe(true)
  })

  it.each(Object.keys(DOCUMENT_SHAPES))('analyses %s', (shape) => {
    const input = { title: 'Limits', chunks: chunksOf(shape), tableHeaders: [], uploadedAt: MEETING.meetingDate }
    const risks = analyseOffline(input, 'risks').risks
    expect(analyseOffline(input, 'key-findings').findings.length).toBeLessThanOrEqual(12)
    if (shape === 'sentences stating risks') {
      expect(risks.map((risk) => [risk.category, risk.level])).toContainEqual(['Customer concentration', 'High'])
    }
  })
})

describe('reading a question at the 8,000-character limit of a chat message', () => {
  const question = (shape: string) => QUESTION_SHAPES[shape]!(LIMITS.question.chars)

  it('reads the years of a question followed by a run of digits', () => {
    expect(readQuestion(question('a run of digits')).periods).toEqual([{ year: 2019 }])
    expect(readQuestion(question('a run of `1,`')).periods).toEqual([{ year: 2019 }])
  })

  it('splits a row of a run of tabs into its cells', () => {
    const [table] = parseTables(`Item | 2019 | 2020\n${question('a run of tabs')}`)
    expect(table!.rows[1]!.slice(0, 3)).toEqual(['Revenue', '1', '2'])
  })

  it.each(Object.keys(QUESTION_SHAPES))('analyses and highlights %s', (shape) => {
    const text = question(shape)
    expect(analyze(text).length).toBeGreaterThanOrEqual(0)
    expect(
      highlightSegments(text, text.slice(0, 1000))
        .map((segment) => segment.text)
        .join(''),
    ).toBe(text)
    const shown = excerpt(text, text.slice(0, 1000)).segments.map((segment) => segment.text)
    expect(shown.join('').length).toBeLessThanOrEqual(422)
  })
})
