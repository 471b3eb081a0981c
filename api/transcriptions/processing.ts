import { type Participant, summaryPoints } from '../../shared/meetings'
import type { ApiConfig } from '../kernel/config'
import type { TranscriptInsights } from './insights'
import { llmInsights } from './llm-insights'
import { sourcedPoints } from './summary'
import type { TranscriptReading, TranscriptSource } from './transcript-reading'
import { readTranscriptInThread } from './transcript-worker'

/**
 * What a transcript makes of its meeting: the speakers matched to the participants (the others
 * added), and the transcript with its summary, keywords and action items, ready to store. The file
 * is parsed and all of that worked out offline in a worker thread; a file that is no transcript
 * throws TranscriptError. With `ANSWER_PROVIDER=openai` the configured model writes the insights,
 * and the offline ones stand in for whatever it gets wrong; `insightsSource` says whose summary it
 * is (it is not stored). `recordedSeconds` is how long the meeting ran, stored with the meeting.
 */
export async function processTranscript(
  meeting: { participants: Participant[]; scheduledAt: Date },
  upload: TranscriptSource & { fileName: string },
  { config }: { config?: ApiConfig } = {},
) {
  const { fileName, ...source } = upload
  const reading = await readTranscriptInThread({
    source,
    participants: meeting.participants,
    meetingDate: meeting.scheduledAt,
  })
  const { insightsSource, ...insights } = await insightsOf(reading, meeting.scheduledAt, config)
  return {
    participants: reading.participants,
    recordedSeconds: reading.recordedSeconds,
    transcript: {
      format: reading.format,
      fileName,
      segments: reading.segments,
      timesEstimated: reading.timesEstimated,
      ...insights,
    },
    insightsSource,
  }
}

async function insightsOf(
  { segments, participants, timesEstimated, insights: offline }: TranscriptReading,
  meetingDate: Date,
  config: ApiConfig | undefined,
): Promise<TranscriptInsights & { insightsSource: 'llm' | 'offline' }> {
  const written =
    config?.ANSWER_PROVIDER === 'openai'
      ? await llmInsights(config, { segments, participants, meetingDate, timed: !timesEstimated })
      : null
  if (!written) return { ...offline, insightsSource: 'offline' }
  // A field set the model gave nothing usable for (every action item for someone not there) is the offline one.
  return {
    summary: written.summary,
    summaryPoints: sourcedPoints(summaryPoints(written.summary), segments),
    keywords: written.keywords ?? offline.keywords,
    actionItems: written.actionItems ?? offline.actionItems,
    decisions: written.decisions ?? offline.decisions,
    insightsSource: 'llm',
  }
}
