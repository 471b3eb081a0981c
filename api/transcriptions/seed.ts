import type { Database } from '../db/database'
import { meetings, transcripts } from '../db/schema'
import { processTranscript } from './processing'
import { SAMPLE_MEETINGS } from './samples'

const DAY_MS = 24 * 60 * 60 * 1000

/** Gives the demo organization its sample meetings, transcripts read as an upload would be. */
export async function giveSampleMeetings(tx: Database, organizationId: number, now: Date) {
  const { parseTranscript } = await import('./transcript-format')
  for (const sample of SAMPLE_MEETINGS) {
    const scheduledAt = new Date(now.getTime() + sample.daysFromSeeding * DAY_MS)
    scheduledAt.setUTCHours(sample.hour, 0, 0, 0)
    const participants = sample.participants.map((participant, index) => ({ id: index + 1, ...participant }))
    const processed =
      sample.transcript &&
      (await processTranscript(
        { participants, scheduledAt },
        { fileName: sample.transcript.fileName, ...parseTranscript(sample.transcript.text) },
      ))
    const [meeting] = await tx
      .insert(meetings)
      .values({
        organizationId,
        title: sample.title,
        scheduledAt,
        durationMinutes: sample.duration,
        recordedSeconds: processed?.recordedSeconds ?? null,
        participants: processed?.participants ?? participants,
        status: processed ? 'processed' : 'scheduled',
      })
      .returning({ id: meetings.id })
    if (processed) await tx.insert(transcripts).values({ meetingId: meeting!.id, ...processed.transcript })
  }
}
