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
  insights: TranscriptInsights
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
    insights: await transcriptInsights(matched.segments, meetingDate),
  } satisfies TranscriptReading
}
