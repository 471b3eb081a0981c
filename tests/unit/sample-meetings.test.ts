import { describe, expect, it } from 'vitest'

import { processTranscript } from '../../api/transcriptions/processing'
import { SAMPLE_MEETINGS } from '../../api/transcriptions/samples'
import { parseTranscript } from '../../api/transcriptions/transcript-format'

describe('the demo sample meetings', () => {
  const held = SAMPLE_MEETINGS.filter((sample) => sample.transcript)

  it.each(held.map((sample) => [sample.title, sample] as const))(
    '%s: its transcript reads with every speaker a participant, a summary and action items',
    async (_title, sample) => {
      const participants = sample.participants.map((participant, index) => ({ id: index + 1, ...participant }))
      const parsed = parseTranscript(sample.transcript!.text)
      const processed = await processTranscript(
        { participants, scheduledAt: new Date(2026, 10, 18, sample.hour) },
        { fileName: sample.transcript!.fileName, ...parsed },
      )
      expect(processed.participants).toEqual(participants)
      expect(parsed.timesEstimated).toBe(false)
      expect(processed.transcript.summary.split('\n').length).toBeGreaterThanOrEqual(3)
      expect(processed.transcript.summary).toMatch(/\d/)
      expect(processed.transcript.actionItems.length).toBeGreaterThanOrEqual(3)
      for (const item of processed.transcript.actionItems) {
        expect([...participants.map((participant) => participant.name), 'Everyone']).toContain(item.assignee)
        // Read against the meeting's day: nothing said about the past ("the last three years") is a due date.
        if (item.dueDate !== null) expect(item.dueDate >= '2026-11-18').toBe(true)
      }
      expect(processed.transcript.keywords.length).toBeGreaterThanOrEqual(5)
    },
  )
})
