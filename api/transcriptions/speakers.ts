import { type Participant, type Segment, UNKNOWN_SPEAKER } from '../../shared/meetings'

/** A name as names are compared: case, accents, punctuation and spacing aside. */
export const normal = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N} ]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()

const firstName = (name: string) => name.split(' ')[0]!

/**
 * The meeting's participants looked up by name, first name and the name of their e-mail address,
 * each kept in a map: a transcript may name hundreds of thousands of speakers, and searching the
 * list for each of them was quadratic.
 */
class ParticipantIndex {
  readonly all: Participant[] = []
  private byName = new Map<string, Participant>()
  private byFirst = new Map<string, { participant: Participant; count: number }>()
  private byEmail = new Map<string, Participant>()
  private lastId = 0

  constructor(participants: Participant[]) {
    for (const participant of participants) this.add(participant)
  }

  add(participant: Participant) {
    this.all.push(participant)
    this.lastId = Math.max(this.lastId, participant.id)
    const name = normal(participant.name)
    // The first of a name wins, as a search of the list in order would find it.
    if (!this.byName.has(name)) this.byName.set(name, participant)
    const first = this.byFirst.get(firstName(name))
    this.byFirst.set(firstName(name), {
      participant: first?.participant ?? participant,
      count: (first?.count ?? 0) + 1,
    })
    const email = normal(participant.email.split('@')[0]!.replace(/[._-]+/g, ' '))
    if (!this.byEmail.has(email)) this.byEmail.set(email, participant)
  }

  /** A participant of a new id, for a speaker who matches no one. */
  join(name: string) {
    const participant: Participant = { id: this.lastId + 1, name, email: '', role: 'participant' }
    this.add(participant)
    return participant
  }

  /**
   * The participant a transcript's speaker is: the same name, the same first name when only one
   * participant has it, or the name of their e-mail address ("maria.lopez@" is Maria Lopez).
   */
  find(speaker: string) {
    const name = normal(speaker)
    const exact = this.byName.get(name)
    if (exact) return exact
    const first = this.byFirst.get(firstName(name))
    if (!name.includes(' ') && first?.count === 1) return first.participant
    return this.byEmail.get(name)
  }
}

/**
 * A transcript's speakers matched to the meeting's participants: segments take the participant's
 * name, and speakers no participant matches join the meeting as participants of their own.
 */
export function matchSpeakers(segments: Segment[], participants: Participant[]) {
  const index = new ParticipantIndex(participants)
  const named = new Map<string, string>()
  for (const segment of segments) {
    const { speaker } = segment
    if (speaker === UNKNOWN_SPEAKER || named.has(speaker)) continue
    named.set(speaker, (index.find(speaker) ?? index.join(speaker)).name)
  }
  return {
    participants: index.all,
    segments: segments.map((segment) => ({ ...segment, speaker: named.get(segment.speaker) ?? segment.speaker })),
  }
}
