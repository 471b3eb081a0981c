import {
  type ActionItem,
  type Decision,
  type Participant,
  roleGroupOf,
  type Segment,
  type SummaryPoint,
} from '../../shared/meetings'
import { actionItemsOf } from './action-items'
import { peopleByName, sentenceAddressees } from './addressees'
import { decisionsOf, storedDecisions } from './decisions'
import { keywordsOf } from './keywords'
import { sentencesOf } from './sentences'
import { summaryOf } from './summary'

export interface TranscriptInsights {
  /** One point a line (`summaryPoints` in shared/meetings.ts): the points' texts. */
  summary: string
  /** The summary's points, each with the turn it is drawn from. */
  summaryPoints: SummaryPoint[]
  keywords: string[]
  actionItems: ActionItem[]
  decisions: Decision[]
}

export interface InsightsContext {
  meetingDate: Date
  /** The meeting's participants by name: a task may be asked of one who does not speak. */
  people?: string[]
  /** The participants with their roles: an advisor's "you" of no one named is the one client's. */
  participants?: Array<Pick<Participant, 'name' | 'role'>>
  /** False when the file gave no times and they were estimated: a decision then has no time. */
  timed?: boolean
}

/**
 * Whom an advisor or expert speaks to when the turn does not say: the owner, when the meeting has
 * one participant whose role is client. Anyone else's "you" stays unknown.
 */
function ownerAddressed(participants: InsightsContext['participants'] = []) {
  const clients = participants.filter((participant) => participant.role === 'client')
  const advisers = new Set(
    participants
      .filter((participant) => ['advisor', 'expert'].includes(roleGroupOf(participant.role)))
      .map((participant) => participant.name),
  )
  const owner = clients.length === 1 ? clients[0]!.name : undefined
  return (speaker: string) => (owner && advisers.has(speaker) ? owner : undefined)
}

/** What a meeting said, worked out from its transcript offline and always the same way. */
export async function transcriptInsights(
  segments: Segment[],
  { meetingDate, people = [], participants = [], timed = true }: InsightsContext,
): Promise<TranscriptInsights> {
  // chrono-node is loaded with the first transcript: ~10 MB that most processes of a server never need.
  const { parse: parseDates } = await import('chrono-node')
  const sentences = sentencesOf(segments)
  const everyone = [...new Set([...people, ...participants.map((participant) => participant.name)])]
  const keywords = keywordsOf(segments, everyone)
  const decisions = decisionsOf(segments, sentences, { timed })
  const toOwner = ownerAddressed(participants)
  const addressed = sentenceAddressees(segments, sentences, peopleByName(segments, everyone))
  const addresseeOf = (index: number) => addressed(index) ?? toOwner(sentences[index]!.speaker)
  const summaryPoints = summaryOf(segments, sentences, decisions, { keywords, addresseeOf })
  return {
    summary: summaryPoints.map((point) => point.text).join('\n'),
    summaryPoints,
    keywords,
    actionItems: actionItemsOf(parseDates, segments, sentences, { meetingDate, people: everyone }),
    decisions: storedDecisions(decisions),
  }
}
