import { describe, expect, it } from 'vitest'

import { transcriptInsights } from '../../api/transcriptions/insights'
import { parseTranscript } from '../../api/transcriptions/transcript-format'

const MEETING = new Date(2026, 10, 18, 10, 0) // Wednesday 18 November 2026

const TRANSCRIPT = `
[00:00:04] Dana Whitfield: Thanks for coming in, Robert. Today I'd like to go through the valuation and agree what happens next.
[00:00:15] Robert Kline: Sounds good. I have been looking forward to this.
[00:00:40] Dana Whitfield: Normalized EBITDA comes to 2.4 million after we add back the 180,000 of personal expenses. At a multiple of five to six times, that puts the business between 12 and 14.4 million.
[00:01:30] Robert Kline: That is lower than I hoped. My number was 16 million.
[00:01:52] Dana Whitfield: The biggest drag is customer concentration: Hartwell accounts for 38 percent of revenue. We agreed to bring that under 25 percent before going to market.
[00:02:30] Robert Kline: Understood. I'll send you the customer contracts by Friday.
[00:02:41] Dana Whitfield: Good. Can you also share the lease agreement for the warehouse?
[00:02:50] Robert Kline: Yes, I can do that tomorrow.
[00:03:05] Dana Whitfield: I'll draft the value improvement plan within two weeks. Let's schedule a follow-up call for December 3.
[00:03:20] Robert Kline: Works for me. What about the weather?
`

describe('what a meeting said', async () => {
  const { segments } = parseTranscript(TRANSCRIPT)
  const insights = await transcriptInsights(segments, { meetingDate: MEETING })

  it('finds who will do what by when, with dates read against the meeting date', () => {
    expect(insights.actionItems).toEqual([
      { text: 'Send Dana Whitfield the customer contracts by Friday', assignee: 'Robert Kline', dueDate: '2026-11-20' },
      { text: 'Share the lease agreement for the warehouse', assignee: 'Robert Kline', dueDate: null },
      { text: 'Draft the value improvement plan within two weeks', assignee: 'Dana Whitfield', dueDate: '2026-12-02' },
      { text: 'Schedule a follow-up call for December 3', assignee: 'Everyone', dueDate: '2026-12-03' },
    ])
  })

  it('summarizes the figures said and what was settled, as notes, each with the turn it comes from', () => {
    expect(insights.summaryPoints).toEqual([
      { text: 'Normalized EBITDA comes to 2.4 million after we add back the 180,000 of personal expenses.', turn: 3 },
      { text: 'At a multiple of five to six times, that puts the business between 12 and 14.4 million.', turn: 3 },
      // "My number" said by Robert Kline: his, by name.
      { text: "Robert Kline's number was 16 million.", turn: 4 },
      { text: 'The biggest drag is customer concentration: Hartwell accounts for 38 percent of revenue.', turn: 5 },
      { text: 'Agreed to bring that under 25 percent before going to market.', turn: 5 },
    ])
    expect(insights.summary.split('\n')).toEqual(insights.summaryPoints.map((point) => point.text))
    expect(insights.summary).not.toContain('weather')
  })

  it('keeps the words said most, not the speakers or stop words', () => {
    expect(insights.keywords.length).toBeGreaterThan(3)
    expect(insights.keywords.join(' ')).toMatch(/customer/)
    for (const keyword of insights.keywords) {
      expect(keyword).not.toMatch(/dana|robert|kline|whitfield|^the$|^and$/i)
    }
  })

  it('gives the same result every time', async () => {
    expect(await transcriptInsights(segments, { meetingDate: MEETING })).toEqual(insights)
  })
})

describe('a due date', () => {
  const itemsOf = async (line: string) => {
    const { segments } = parseTranscript(
      `[00:00:04] Dana Whitfield: Robert, here is what I need from you.\n[00:00:10] Robert Kline: ${line}\n`,
    )
    return (await transcriptInsights(segments, { meetingDate: MEETING })).actionItems
  }

  it('is the deadline said, over another date of the task (issue 47 item 3)', async () => {
    expect(await itemsOf("I'll call Cascade's procurement director next week and report back by December 15.")).toEqual(
      [expect.objectContaining({ assignee: 'Robert Kline', dueDate: '2026-12-15' })],
    )
    expect(await itemsOf("I'll send the lease tomorrow, no later than December 1.")).toEqual([
      expect.objectContaining({ dueDate: '2026-12-01' }),
    ])
  })

  it('is the first date said when none is a deadline; next week ends on its Friday', async () => {
    expect(await itemsOf("I'll call Cascade's procurement director next week.")).toEqual([
      expect.objectContaining({ dueDate: '2026-11-27' }),
    ])
  })
})
