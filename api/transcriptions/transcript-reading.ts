import type { Participant, Segment } from '../../shared/meetings'
import { type TranscriptInsights, transcriptInsights } from './insights'
import { matchSpeakers } from './speakers'
import { type ParsedTranscript, parseTranscript } from './transcript-format'

/** A transcript to read: the text of a file, or the segments a transcription server gave. */
export type TranscriptSource = { text: string } | ParsedTranscript

export interface TranscriptReadingRequest {
  source: TranscriptSource
  participants: Participant[]
  meetingDate: Date
}

/** All that a transcript gives offline, worked out in one go (in a worker thread: transcript-thread.ts). */
export interface TranscriptReading {
  format: ParsedTranscript['format']
  timesEstimated: boolean
  /** The meeting's participants, with the speakers no participant matched added. */
  participants: Participant[]
  /** The segments, each speaker named as their participant is. */
  segments: Segment[]
  /** How long the meeting ran by the file's times; null when it gave none. */
  recordedSeconds: number | null
  insights: TranscriptInsights
}

/**
 * To the end of the last turn, when the file gave times. Estimated times say how long the words
 * take to read aloud, not how long the meeting was: the scheduled length then stands.
 */
function recordedSecondsOf({ segments, timesEstimated }: ParsedTranscript) {
  if (timesEstimated || !segments.length) return null
  return Math.round(segments.reduce((last, segment) => Math.max(last, segment.endTime), 0))
}

/** Parses a file (throwing TranscriptError), matches its speakers and works out its insights. */
export async function readTranscript({ source, participants, meetingDate }: TranscriptReadingRequest) {
  const parsed = 'text' in source ? parseTranscript(source.text) : source
  const matched = matchSpeakers(parsed.segments, participants)
  return {
    format: parsed.format,
    timesEstimated: parsed.timesEstimated,
    participants: matched.participants,
    segments: matched.segments,
    recordedSeconds: recordedSecondsOf(parsed),
    insights: await transcriptInsights(matched.segments, {
      meetingDate,
      people: matched.participants.map((participant) => participant.name),
      participants: matched.participants,
      timed: !parsed.timesEstimated,
    }),
  } satisfies TranscriptReading
}
