import { type Participant, type Segment, UNKNOWN_SPEAKER } from '../../shared/meetings'

/** A name as names are compared: case, accents, punctuation and spacing aside. */
export const normal = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N} ]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()

/**
 * The participant a transcript's speaker is: the same name, the same first name when only one
 * participant has it, or the name of their e-mail address ("maria.lopez@" is Maria Lopez).
 */
function participantFor(speaker: string, participants: Participant[]) {
  const name = normal(speaker)
  const exact = participants.find((participant) => normal(participant.name) === name)
  if (exact) return exact
  const first = name.split(' ')[0]
  const byFirst = participants.filter((participant) => normal(participant.name).split(' ')[0] === first)
  if (name.split(' ').length === 1 && byFirst.length === 1) return byFirst[0]
  return participants.find((participant) => normal(participant.email.split('@')[0]!.replace(/[._-]+/g, ' ')) === name)
}

/**
 * A transcript's speakers matched to the meeting's participants: segments take the participant's
 * name, and speakers no participant matches join the meeting as participants of their own.
 */
export function matchSpeakers(segments: Segment[], participants: Participant[]) {
  const all = [...participants]
  const named = new Map<string, string>()
  for (const speaker of new Set(segments.map((segment) => segment.speaker))) {
    if (speaker === UNKNOWN_SPEAKER) continue
    let participant = participantFor(speaker, all)
    if (!participant) {
      participant = {
        id: Math.max(0, ...all.map((known) => known.id)) + 1,
        name: speaker,
        email: '',
        role: 'participant',
      }
      all.push(participant)
    }
    named.set(speaker, participant.name)
  }
  return {
    participants: all,
    segments: segments.map((segment) => ({ ...segment, speaker: named.get(segment.speaker) ?? segment.speaker })),
  }
}
