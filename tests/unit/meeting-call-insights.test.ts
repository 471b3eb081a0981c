import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { closingNotes } from '../../api/transcriptions/conversion'
import { readTranscript } from '../../api/transcriptions/transcript-reading'
import type { Participant } from '../../shared/meetings'

// An eight-minute valuation call: an advisor, the owner and his CFO, with small talk, figures, decisions and tasks.
const CALL = readFileSync(new URL('../fixtures/meetings/becker-valuation-call.txt', import.meta.url), 'utf8')
const MONDAY = new Date(2026, 10, 16, 10, 0) // Monday 16 November 2026
const PARTICIPANTS: Participant[] = [
  { id: 1, name: 'Priya Shah', email: 'priya@demo.example.com', role: 'advisor' },
  { id: 2, name: 'Tom Becker', email: 'tom@beckerlogistics.example', role: 'client' },
  { id: 3, name: 'Luis Ortega', email: 'luis@beckerlogistics.example', role: 'client-cfo' },
]

const read = (text: string, participants = PARTICIPANTS) =>
  readTranscript({ source: { text }, participants, meetingDate: MONDAY })

describe('what a realistic meeting said', async () => {
  const { insights, recordedSeconds, segments } = await read(CALL)

  it('lists the decisions with who said them and when', () => {
    expect(insights.decisions).toEqual([
      {
        text: 'We agreed last time that customer concentration is the first thing to fix, and I think the Hartwell renewal is the way to do it',
        speaker: 'Priya Shah',
        time: 156,
      },
      {
        text: "Let's go with a three-year renewal and I'll raise it with their procurement director",
        speaker: 'Tom Becker',
        time: 168,
      },
      {
        text: 'We decided to keep both options open in the teaser and push for a seller note in the negotiations',
        speaker: 'Priya Shah',
        time: 290,
      },
      {
        text: "We'll go with a stay bonus for the two operations managers, paid at closing, so they're motivated to stay through the transition",
        speaker: 'Priya Shah',
        time: 376,
      },
    ])
  })

  it('takes tasks, with their assignees, and leaves the small talk out', () => {
    const tasks = insights.actionItems.map(({ text, assignee }) => ({ text, assignee }))
    expect(tasks).toEqual(
      expect.arrayContaining([
        // "Tom, could you…": asked of the person named.
        {
          text: 'Send the last three years of tax returns for the company and the holding entity',
          assignee: 'Tom Becker',
        },
        // "you" in a two-person exchange is the other speaker, named so the task reads on its own.
        { text: 'Send it to Tom Becker and Luis for review', assignee: 'Priya Shah' },
        // "Good catch, Luis. Can you send me…": the turn names who it asks; "me" is its speaker.
        { text: 'Send Priya Shah the invoices for those legal fees', assignee: 'Luis Ortega' },
        {
          text: 'Put together the fixed asset register with the net book value of every truck',
          assignee: 'Luis Ortega',
        },
        { text: 'Ask Margaret to send them this week', assignee: 'Tom Becker' },
        { text: 'Prepare the stay bonus agreements for both managers before our next meeting', assignee: 'Priya Shah' },
        { text: 'Schedule the next review meeting for the week of December 7', assignee: 'Everyone' },
      ]),
    )
    for (const { text } of insights.actionItems) {
      expect(text).not.toMatch(/get into it|let's see|sounds good|works for me|enjoy/i)
      expect(text.split(' ').length, text).toBeGreaterThanOrEqual(3)
    }
    expect(insights.actionItems.filter((item) => item.assignee === 'Everyone')).toHaveLength(1)
  })

  it('reads due dates against the meeting day', () => {
    const due = new Map(insights.actionItems.map((item) => [item.text, item.dueDate]))
    expect(due.get('Draft the term sheet for the Hartwell renewal by next Friday')).toBe('2026-11-27')
    expect(due.get('Ask Margaret to send them this week')).toBe('2026-11-20')
    expect(due.get('Schedule the next review meeting for the week of December 7')).toBe('2026-12-07')
    // "the last three years" is a span of the past, not a date the task is due.
    expect(due.get('Send the last three years of tax returns for the company and the holding entity')).toBeNull()
  })

  it('keeps terms of the meeting as keywords, not figures, units or talk', () => {
    expect(insights.keywords).toEqual(expect.arrayContaining(['customer concentration', 'seller note', 'earn-out']))
    for (const keyword of insights.keywords) {
      expect(keyword).not.toMatch(
        /\b(?:million|thousand|percent|dollars?|one|two|three|four|five|six|ten|fifteen|twenty|times|keep|sounds|okay|thanks)\b/i,
      )
      expect(keyword).not.toMatch(/\d|\b(?:priya|tom|luis|becker|shah|ortega)\b/i)
    }
  })

  it('takes the duration from the last time in the transcript', () => {
    expect(recordedSeconds).toBeGreaterThanOrEqual(478)
    expect(recordedSeconds).toBeLessThan(8 * 60 + 30)
  })

  it('writes the summary as notes of what the call was about and what it settled, each from its turn', () => {
    const points = insights.summaryPoints
    expect(points.map((point) => point.text)).toEqual([
      'Becker Logistics did 18.6 million in revenue last year and adjusted EBITDA of 3.1 million after the add-backs.',
      'Comparable transport businesses traded at four and a half to five and a half times EBITDA, so the enterprise value lands somewhere between 14 and 17 million.',
      'Tom Becker was hoping for something north of 16 million.',
      "Tom Becker's top customer, Hartwell Foods, is 31 percent of revenue, and the top three together are 52 percent.",
      'Agreed last time that customer concentration is the first thing to fix.',
      'Agreed to go with a three-year renewal.',
      'Decided to keep both options open in the teaser and push for a seller note in the negotiations.',
      'Agreed to go with a stay bonus for the two operations managers, paid at closing.',
    ])
    // Each point's turn: the one it was said in.
    const turnOf = (id: number | null) => segments.find((segment) => segment.id === id)
    expect(points.map((point) => turnOf(point.turn)?.startTime)).toEqual([34, 69, 98, 104, 156, 168, 290, 376])
    expect(insights.summary).toBe(points.map((point) => point.text).join('\n'))
    expect(insights.summary).not.toMatch(/lake|fish|traffic|bridge/)
    const notes = closingNotes({ ...insights, segments })
    expect(notes).toContain(
      '**Summary**\n\n- Becker Logistics did 18.6 million in revenue last year and adjusted EBITDA of 3.1 million after the add-backs. (Priya Shah, 00:34)\n',
    )
    expect(notes).toContain('- Agreed to go with a three-year renewal. (Tom Becker, 02:48)\n')
    expect(notes).toContain('**Decisions**\n\n- We agreed last time that customer concentration is the first thing')
    expect(notes).toContain('(Tom Becker, at 02:48)\n- We decided to keep both options open')
    expect(notes).toContain('- Send it to Tom Becker and Luis for review (Priya Shah)')
  })
})

describe('who is asked, when the turn does not make it clear', () => {
  const three = [
    '[00:00:05] Priya Shah: The lease runs out in March.',
    '[00:00:12] Luis Ortega: Can you send the lease agreement and the rent roll?',
    '[00:00:20] Tom Becker: The landlord wants to talk about a renewal.',
  ].join('\n')

  it('leaves a request of three people’s talk unassigned rather than guessing', async () => {
    const { insights } = await read(three)
    expect(insights.actionItems).toEqual([
      { text: 'Send the lease agreement and the rent roll', assignee: null, dueDate: null },
    ])
  })

  it('gives it to the person called by name, even one who does not speak', async () => {
    const named = three.replace('Can you send', 'Margaret, can you send')
    const people = [...PARTICIPANTS, { id: 4, name: 'Margaret Doyle', email: '', role: 'client-cfo' as const }]
    const { insights } = await read(named, people)
    expect(insights.actionItems).toEqual([
      { text: 'Send the lease agreement and the rent roll', assignee: 'Margaret Doyle', dueDate: null },
    ])
  })

  it('takes no task from talk that has no object', async () => {
    const { insights } = await read(
      [
        "[00:00:01] Priya Shah: Okay, let's get into it. Let's get started.",
        "[00:00:04] Tom Becker: Sounds good. I can check. I'll get on it. Let's see.",
        "[00:00:09] Priya Shah: Let's talk about the buyers. I'll send it over.",
        '[00:00:14] Tom Becker: Have we decided on the broker yet? We haven’t agreed to anything.',
      ].join('\n'),
    )
    expect(insights.actionItems).toEqual([])
    expect(insights.decisions).toEqual([])
  })

  it('gives a decision no time when the file gave none', async () => {
    const { insights, recordedSeconds } = await read(
      'Priya Shah: Shall we use the share sale?\nTom Becker: Yes. We agreed to use the share sale structure.\n',
    )
    expect(insights.decisions).toEqual([
      { text: 'We agreed to use the share sale structure', speaker: 'Tom Becker', time: null },
    ])
    expect(recordedSeconds).toBeNull()
  })
})

describe('other ways a meeting says the same things', () => {
  const ESCROW = [
    'WEBVTT',
    '',
    '00:00:10.000 --> 00:00:30.000',
    '<v Anna Berg>Let’s dive in. The buyer came back at $4.2 million, with 12 percent held back in escrow.',
    '',
    '00:00:31.000 --> 00:00:45.000',
    '<v Mark Diaz>Twelve percent is a lot of money to keep percent aside. Can we push the escrow to 8 percent?',
    '',
    '00:00:46.000 --> 00:01:10.000',
    '<v Anna Berg>I’m going to call their counsel tomorrow about the escrow. Sue, could you pull the working capital numbers? You’ll get a lower multiple otherwise.',
    '',
    '00:01:11.000 --> 00:01:20.000',
    "<v Sue Kim>Sure thing. I'll get that to you by Thursday.",
    '',
    '00:01:21.000 --> 00:01:40.000',
    '<v Anna Berg>So we’re agreed: we counter with 8 percent escrow. Mark, you’ll need to sign the updated engagement letter.',
    '',
    '00:01:41.000 --> 00:01:50.000',
    '<v Mark Diaz>Fine. Why don’t you send it to me and Sue tonight?',
    '',
    '00:01:51.000 --> 00:02:05.000',
    '<v Anna Berg>Will do. The decision is to keep the working capital peg where it is.',
    '',
  ].join('\n')

  it('finds tasks given, asked and taken on, not forecasts, and the decisions as said', async () => {
    const { insights, recordedSeconds } = await read(ESCROW, [])
    expect(insights.actionItems.map(({ text, assignee }) => ({ text, assignee }))).toEqual([
      { text: 'Call their counsel tomorrow about the escrow', assignee: 'Anna Berg' },
      { text: 'Pull the working capital numbers', assignee: 'Sue Kim' },
      { text: 'Get that to Anna Berg by Thursday', assignee: 'Sue Kim' },
      { text: 'Sign the updated engagement letter', assignee: 'Mark Diaz' },
      { text: 'Send it to Mark Diaz and Sue tonight', assignee: 'Anna Berg' },
    ])
    expect(insights.decisions).toEqual([
      // What was agreed, after the words that say it was.
      { text: 'We counter with 8 percent escrow', speaker: 'Anna Berg', time: 81 },
      { text: 'The decision is to keep the working capital peg where it is', speaker: 'Anna Berg', time: 111 },
    ])
    expect(insights.keywords.slice(0, 2)).toEqual(['working capital', 'escrow'])
    for (const keyword of insights.keywords) expect(keyword).not.toMatch(/percent|million|twelve|keep/)
    expect(recordedSeconds).toBe(125)
  })
})

describe('a transcript’s length', () => {
  it('runs to the end of the last cue of a WebVTT or SRT file', async () => {
    const vtt = await read(
      'WEBVTT\n\n00:00:01.000 --> 00:00:04.000\n<v Tom Becker>Hello.\n\n00:07:50.000 --> 00:08:02.400\n<v Tom Becker>Bye for now.\n',
    )
    expect(vtt.recordedSeconds).toBe(482)
    const srt = await read(
      '1\n00:00:01,000 --> 00:00:04,000\nTom Becker: Hello.\n\n2\n00:08:10,000 --> 00:08:12,000\nPriya Shah: Bye.\n',
    )
    expect(srt.recordedSeconds).toBe(492)
  })
})
