import type { Participant, Segment } from '../../shared/meetings'
import type { ApiConfig } from '../config'
import { type TranscriptInsights, transcriptInsights } from './insights'
import { llmInsights } from './llm-insights'
import { matchSpeakers } from './speakers'
import type { ParsedTranscript } from './transcript-format'

/**
 * What a parsed transcript makes of its meeting: the speakers matched to the participants (the
 * others added), and the transcript with its summary, keywords and action items, ready to store.
 * With `ANSWER_PROVIDER=openai` the configured model writes them, and the offline insights stand
 * in for whatever it gets wrong; `insightsSource` says whose summary it is (it is not stored).
 */
export async function processTranscript(
  meeting: { participants: Participant[]; scheduledAt: Date },
  upload: ParsedTranscript & { fileName: string },
  { config }: { config?: ApiConfig } = {},
) {
  const { participants, segments } = matchSpeakers(upload.segments, meeting.participants)
  const { insightsSource, ...insights } = await insightsOf(segments, participants, meeting.scheduledAt, config)
  return {
    participants,
    transcript: {
      format: upload.format,
      fileName: upload.fileName,
      segments,
      timesEstimated: upload.timesEstimated,
      ...insights,
    },
    insightsSource,
  }
}

async function insightsOf(
  segments: Segment[],
  participants: Participant[],
  meetingDate: Date,
  config: ApiConfig | undefined,
): Promise<TranscriptInsights & { insightsSource: 'llm' | 'offline' }> {
  const written =
    config?.ANSWER_PROVIDER === 'openai' ? await llmInsights(config, { segments, participants, meetingDate }) : null
  if (!written) return { ...(await transcriptInsights(segments, meetingDate)), insightsSource: 'offline' }
  // A field set the model gave nothing usable for (every action item for someone not there) is the offline one.
  const offline = written.keywords && written.actionItems ? undefined : await transcriptInsights(segments, meetingDate)
  return {
    summary: written.summary,
    keywords: written.keywords ?? offline!.keywords,
    actionItems: written.actionItems ?? offline!.actionItems,
    insightsSource: 'llm',
  }
}
