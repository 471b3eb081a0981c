import type { Segment } from '../../shared/meetings'
import { sentencesOf as splitSentences } from '../ai/text/sentences'

/** One sentence of a turn, with who said it and the turn (its index) it was said in. */
export interface Sentence {
  speaker: string
  text: string
  segment: number
}

export function sentencesOf(segments: Segment[]): Sentence[] {
  return segments.flatMap((segment, index) =>
    splitSentences(segment.text).map((text) => ({ speaker: segment.speaker, text, segment: index })),
  )
}

export const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length

const ENDING = /[?.!,;:\s]/
// Talk that opens a sentence before what it says: "Okay, so, we agreed…".
const OPENER =
  /^(?:(?:ok(?:ay)?|so|well|right|alright|great|good|yes|yeah|fine|perfect|then|and|now|um|uh)\b[,.!]?\s+)+/i

/** A sentence or clause as a line of its own: the talk before it and its closing punctuation gone, capitalised. */
export function cleanSentence(text: string) {
  // Trimmed a character at a time: `/[?.!\s]+$/` tries every start in a run of them, quadratic in a
  // long run of dots or spaces that something follows.
  let end = text.length
  while (end > 0 && ENDING.test(text[end - 1]!)) end--
  const trimmed = text.slice(0, end).trim()
  const said = trimmed.replace(OPENER, '') || trimmed
  return said ? `${said[0]!.toUpperCase()}${said.slice(1)}` : said
}
