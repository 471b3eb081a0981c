import type { Participant } from '../../shared/meetings'
import { transcriptInsights } from './insights'
import { matchSpeakers } from './speakers'
import type { ParsedTranscript } from './transcript-format'

/**
 * What a parsed transcript makes of its meeting: the speakers matched to the participants (the
 * others added), and the transcript with its summary, keywords and action items, ready to store.
 */
export async function processTranscript(
  meeting: { participants: Participant[]; scheduledAt: Date },
  upload: ParsedTranscript & { fileName: string },
) {
  const { participants, segments } = matchSpeakers(upload.segments, meeting.participants)
  return {
    participants,
    transcript: {
      format: upload.format,
      fileName: upload.fileName,
      segments,
      timesEstimated: upload.timesEstimated,
      ...(await transcriptInsights(segments, meeting.scheduledAt)),
    },
  }
}
