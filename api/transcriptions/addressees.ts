import { type Segment, UNKNOWN_SPEAKER } from '../../shared/meetings'
import type { Sentence } from './sentences'
import { normal } from './speakers'

/** The people of a meeting looked up by the first name or full name said in a sentence. */
export function peopleByName(segments: Segment[], people: string[]) {
  const names = [...new Set([...people, ...segments.map((segment) => segment.speaker)])].filter(
    (name) => name !== UNKNOWN_SPEAKER,
  )
  const byFirst = new Map<string, string[]>()
  for (const name of names) {
    const first = normal(name).split(' ')[0]!
    byFirst.set(first, [...(byFirst.get(first) ?? []), name])
  }
  const byFull = new Map(names.map((name) => [normal(name), name]))
  /** The one person a name means, or undefined when it means no one or several. */
  return (said: string) => {
    const key = normal(said)
    const full = byFull.get(key)
    if (full) return full
    const firsts = byFirst.get(key)
    return firsts?.length === 1 ? firsts[0] : undefined
  }
}

// A name said to someone: at the start of a sentence or clause before a comma ("Luis, can you…"),
// or after a comma at its end ("…by Friday, Luis?").
const CALLED_FIRST = /(?:^|[,;]\s*|\b(?:so|and|okay|ok|now|then)\s+)([A-Z][\p{L}'-]*)\s*,/gu
const CALLED_LAST = /,\s*([A-Z][\p{L}'-]*)\s*[?.!]*$/u

/** The person a sentence calls by name, other than its speaker. */
export function calledIn(text: string, speaker: string, personNamed: (said: string) => string | undefined) {
  const said = [...text.matchAll(CALLED_FIRST)].map((match) => match[1]!)
  const last = CALLED_LAST.exec(text)?.[1]
  if (last) said.push(last)
  for (const name of said) {
    const person = personNamed(name)
    if (person && person !== speaker) return person
  }
  return undefined
}

/**
 * Who each turn speaks to when it names no one: the other speaker of a two-person meeting, or the
 * one on both sides of the turn when the turns around it are a two-person exchange. Anyone else is
 * a guess, and a guess sends work to the wrong person: undefined.
 */
export function turnAddressees(segments: Segment[]) {
  const speakers = new Set(segments.map((segment) => segment.speaker).filter((name) => name !== UNKNOWN_SPEAKER))
  // The nearest other speaker each way, found in one pass each: a search from every turn was quadratic.
  const before: Array<string | undefined> = []
  segments.forEach((segment, index) => {
    const earlier = segments[index - 1]
    before[index] = earlier && earlier.speaker !== segment.speaker ? earlier.speaker : before[index - 1]
  })
  const after: Array<string | undefined> = []
  for (let index = segments.length - 1; index >= 0; index--) {
    const later = segments[index + 1]
    after[index] = later && later.speaker !== segments[index]!.speaker ? later.speaker : after[index + 1]
  }
  return segments.map((segment, index) => {
    if (segment.speaker === UNKNOWN_SPEAKER) return undefined
    if (speakers.size === 2) return [...speakers].find((speaker) => speaker !== segment.speaker)
    const earlier = before[index]
    return earlier === after[index] && earlier !== UNKNOWN_SPEAKER ? earlier : undefined
  })
}

/**
 * Whom a sentence speaks to, by its index: the person it calls by name, else the one its turn calls
 * by name, else the one its turn speaks to (turnAddressees); undefined when that is a guess. Each
 * sentence is read when asked about: most are never asked about.
 */
export function sentenceAddressees(
  segments: Segment[],
  sentences: Sentence[],
  personNamed: (said: string) => string | undefined,
) {
  const turnAddressed = turnAddressees(segments)
  // The name a turn calls someone by, looked for in its sentences once.
  const turnCalled = new Map<number, string>()
  for (const sentence of sentences) {
    const called = turnCalled.has(sentence.segment) ? undefined : calledIn(sentence.text, sentence.speaker, personNamed)
    if (called) turnCalled.set(sentence.segment, called)
  }
  return (index: number) => {
    const sentence = sentences[index]!
    return (
      calledIn(sentence.text, sentence.speaker, personNamed) ??
      turnCalled.get(sentence.segment) ??
      turnAddressed[sentence.segment]
    )
  }
}
