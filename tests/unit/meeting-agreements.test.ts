import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { reported } from '../../api/transcriptions/reported'
import { readTranscript } from '../../api/transcriptions/transcript-reading'
import type { Participant } from '../../shared/meetings'

// Issue 47: a planning call whose decisions are all agreed, not announced: one speaker puts a course
// forward ("I'd suggest we…", "My recommendation is…", "What if we…?") and another agrees ("That
// works", "Fine by me", "Yes, let's do that", "Agreed"). No one says "decision", "agreed to" or "decided".
const CALL = readFileSync(new URL('../fixtures/meetings/alder-creek-planning-call.txt', import.meta.url), 'utf8')
const THURSDAY = new Date(2026, 10, 19, 10, 0) // Thursday 19 November 2026
const PARTICIPANTS: Participant[] = [
  { id: 1, name: 'Sam Whitaker', email: 'sam@demo.example.com', role: 'advisor' },
  { id: 2, name: 'Gloria Reyes', email: 'gloria@aldercreekprinting.example', role: 'client' },
  { id: 3, name: 'Ken Mori', email: 'ken@aldercreekprinting.example', role: 'client-cfo' },
]

const read = (text: string, participants = PARTICIPANTS) =>
  readTranscript({ source: { text }, participants, meetingDate: THURSDAY })

describe('a planning call whose decisions are agreed, not announced', async () => {
  const { insights, segments } = await read(CALL)
  const turnAt = (id: number | null) => segments.find((segment) => segment.id === id)?.startTime

  it('takes each course put forward and agreed to as a decision, said as the course, by whom and when', () => {
    expect(insights.decisions).toEqual([
      {
        text: 'Ask Pacific Grocers for a three-year renewal before we talk to a single buyer, even if we have to hold prices flat to get it',
        speaker: 'Sam Whitaker',
        time: 133,
      },
      {
        text: 'Approach the two strategic buyers first, under a confidentiality agreement, and keep the management buyout as the fallback if neither of them gets to 14 million',
        speaker: 'Sam Whitaker',
        time: 206,
      },
      // Agreed with "Yes, let's do that" to a course put as a question.
      {
        text: 'Cap any earn-out at 15 percent of the price and tie it to Pacific renewing, not to profit targets the buyer controls',
        speaker: 'Sam Whitaker',
        time: 261,
      },
      // "That works" after a question about it and its answer: the timeline it answers, not "That works".
      {
        text: 'Finish the quality of earnings review by the end of February, go to market in April 2027, and aim to close by the end of September 2027',
        speaker: 'Sam Whitaker',
        time: 296,
      },
      {
        text: "Tell the two plant managers in January and offer each of them a stay bonus of six months' salary, paid at closing",
        speaker: 'Sam Whitaker',
        time: 346,
      },
    ])
    // Not decisions: a check-in agreed with "That works", a coffee with "Sounds good", "Makes sense"
    // after an answer, "Sounds good" to the agenda.
    for (const { text } of insights.decisions) expect(text).not.toMatch(/check-in|coffee|measured|settle three things/i)
  })

  it('summarizes what the call was about and what it settled, as notes, each point from its turn', () => {
    const points = insights.summaryPoints.map((point) => ({ text: point.text, at: turnAt(point.turn) }))
    expect(points).toEqual([
      {
        text: "Alder Creek Printing did 21.4 million of revenue in the last twelve months, and adjusted EBITDA is 3.2 million once we add back Gloria Reyes' salary above market and the one-off move of the bindery.",
        at: 36,
      },
      // The customer's share and when its contract ends; "you" of the advisor is the owner.
      {
        text: "The problem is Pacific Grocers: they're 41 percent of revenue, and their contract with Gloria Reyes runs out on June 30, 2027.",
        at: 68,
      },
      {
        text: 'With the contract as it is, Sam Whitaker would expect offers at four to four and a half times EBITDA, so somewhere between 12.8 and 14.4 million.',
        at: 87,
      },
      // What the owner needs, as notes: "I need" said by her.
      {
        text: 'After tax and paying off the equipment loans Gloria Reyes needs 12.5 million to retire the way Marco and Gloria planned.',
        at: 106,
      },
      {
        text: 'Agreed to ask Pacific Grocers for a three-year renewal before we talk to a single buyer, even if we have to hold prices flat to get it.',
        at: 133,
      },
      {
        text: 'Agreed to approach the two strategic buyers first, under a confidentiality agreement, and keep the management buyout as the fallback if neither of them gets to 14 million.',
        at: 206,
      },
      {
        text: 'Agreed to cap any earn-out at 15 percent of the price and tie it to Pacific renewing, not to profit targets the buyer controls.',
        at: 261,
      },
      {
        text: 'Agreed to finish the quality of earnings review by the end of February, go to market in April 2027, and aim to close by the end of September 2027.',
        at: 296,
      },
      {
        text: "Agreed to tell the two plant managers in January and offer each of them a stay bonus of six months' salary, paid at closing.",
        at: 346,
      },
    ])
    expect(insights.summary).not.toMatch(/press|crew|coffee|speakerphone/)
  })

  it('dates each task by its deadline, over a "next week" said with it', () => {
    const due = new Map(insights.actionItems.map((item) => [item.text, [item.assignee, item.dueDate]]))
    expect(
      due.get(
        'Pull the margin on the Pacific work by product line next week and send it to Sam Whitaker by December 4',
      ),
    ).toEqual(['Ken Mori', '2026-12-04'])
    expect(due.get('Call their head of procurement on Monday to get the renewal talks started')).toEqual([
      'Gloria Reyes',
      '2026-11-23',
    ])
    expect(due.get('Send the confidentiality agreement to both strategic buyers by December 11')).toEqual([
      'Sam Whitaker',
      '2026-12-11',
    ])
    expect(due.get('Book the quality of earnings firm this week')).toEqual(['Ken Mori', '2026-11-20'])
    expect(due.get('Draft the stay bonus letters for Dave and Irene by January 8')).toEqual([
      'Sam Whitaker',
      '2027-01-08',
    ])
  })
})

/** The decisions of a short exchange, as text and speaker. */
const decisionsOf = async (...lines: string[]) =>
  (await read(lines.join('\n'), [])).insights.decisions.map(({ text, speaker }) => ({ text, speaker }))

const PROPOSAL = "[00:00:05] Helen Park: I'd suggest we lead with outside buyers and keep the buyout as the fallback."
const LEAD = { text: 'Lead with outside buyers and keep the buyout as the fallback', speaker: 'Helen Park' }

describe('agreement to a course put forward', () => {
  it.each([
    'That works.',
    'Agreed.',
    "Let's do that.",
    'Fine by me.',
    'Sounds good to me.',
    'Okay, that works for me. I want the best price.',
    "Yes, let's do it.",
    'I can live with that.',
  ])('"%s" makes the course a decision, said by who put it forward', async (agreement) => {
    expect(await decisionsOf(PROPOSAL, `[00:00:12] Dana Ortega: ${agreement}`)).toEqual([LEAD])
  })

  it.each([
    ["I'd lead with outside buyers and keep the buyout as the fallback.", 'Lead with outside buyers'],
    ['My recommendation is to lead with outside buyers.', 'Lead with outside buyers'],
    ['What if we lead with outside buyers?', 'Lead with outside buyers'],
    ['Should we lead with outside buyers?', 'Lead with outside buyers'],
    ["Here's what I'd propose: we go to market in April 2027 and close by the end of 2027.", 'Go to market in April'],
    ['So the plan is to go to market in April 2027.', 'Go to market in April 2027'],
  ])('reads "%s" as a course put forward', async (proposal, course) => {
    const [decision] = await decisionsOf(`[00:00:05] Helen Park: ${proposal}`, '[00:00:12] Dana Ortega: That works.')
    expect(decision?.text).toMatch(new RegExp(`^${course}`))
  })

  it('says what a decision announced with a colon decided', async () => {
    expect(
      await decisionsOf(
        "[00:00:05] Helen Park: So that's our first decision: we try to secure a three-year Cascade contract.",
      ),
    ).toEqual([{ text: 'We try to secure a three-year Cascade contract', speaker: 'Helen Park' }])
  })

  it('takes the course said in the agreement, by whoever said it', async () => {
    expect(
      await decisionsOf(
        '[00:00:05] Helen Park: Outside buyers or the management team first?',
        "[00:00:12] Dana Ortega: Yes, let's lead with outside buyers and keep the buyout in reserve.",
      ),
    ).toEqual([{ text: 'Lead with outside buyers and keep the buyout in reserve', speaker: 'Dana Ortega' }])
  })

  it('takes a plain yes to a course asked about', async () => {
    expect(
      await decisionsOf(
        "[00:00:05] Helen Park: I'd lead with outside buyers. Does that work for you?",
        '[00:00:12] Dana Ortega: Yes.',
      ),
    ).toEqual([{ text: 'Lead with outside buyers', speaker: 'Helen Park' }])
  })
})

describe('agreement that settles nothing', () => {
  it.each([
    ['to a question that puts nothing forward', 'Can you do Tuesday at ten for the site visit?', 'That works.'],
    ['to a time to meet', 'Shall we meet again on December 10?', 'That works.'],
    ['to a coffee', "Let's grab a coffee after the site visit.", 'Sounds good.'],
    ['to the talk of the meeting', "Okay, let's move on to the buyers.", 'Sounds good.'],
    ['to a task someone takes on', "I'll send the teaser to the buyers by Friday.", 'Sounds good.'],
    [
      'taken back in the same breath',
      "I'd suggest we tell the staff in January.",
      "That works in theory, but I'm not ready.",
    ],
    ['by a plain yes to a course not asked about', "I'd suggest we tell the staff in January.", 'Yes. I hear you.'],
  ])('is no decision %s', async (_case, said, answer) => {
    expect(await decisionsOf(`[00:00:05] Helen Park: ${said}`, `[00:00:12] Dana Ortega: ${answer}`)).toEqual([])
  })

  it('is no second decision when it confirms one already said', async () => {
    expect(
      await decisionsOf(
        '[00:00:05] Helen Park: We decided to keep the earn-out under 10 percent.',
        '[00:00:12] Dana Ortega: That works for me.',
      ),
    ).toEqual([{ text: 'We decided to keep the earn-out under 10 percent', speaker: 'Helen Park' }])
  })

  it('answers only the talk just before it: an agreement since means the talk moved on', async () => {
    expect(
      await decisionsOf(
        "[00:00:05] Helen Park: I'd suggest we lead with outside buyers.",
        '[00:00:12] Dana Ortega: Agreed.',
        '[00:00:20] Helen Park: Are you free on Tuesday?',
        '[00:00:25] Dana Ortega: That works.',
      ),
    ).toEqual([{ text: 'Lead with outside buyers', speaker: 'Helen Park' }])
  })
})

describe('a sentence as notes', () => {
  it.each([
    ['I need 18 million out of this.', { speaker: 'Dana Ortega' }, 'Dana Ortega needs 18 million out of this'],
    [
      "Honestly, I've always had 16 million in my head, and I want out by 2028.",
      { speaker: 'Robert Kline' },
      'Robert Kline has always had 16 million in Robert’s head, and Robert wants out by 2028',
    ],
    [
      'Your top customer is 38 percent of revenue and their contract with you ends in December.',
      { speaker: 'Helen Park', addressee: 'Dana Ortega' },
      'Dana Ortega’s top customer is 38 percent of revenue and their contract with Dana ends in December',
    ],
    ['Marco and I planned on 12 million.', { speaker: 'Gloria Reyes' }, 'Marco and Gloria Reyes planned on 12 million'],
    ['Your revenue grew 8 percent.', { speaker: 'Helen Park' }, 'The revenue grew 8 percent'],
  ])('"%s" reads in the third person', (said, people, notes) => {
    expect(reported(said, people)).toBe(notes.replace(/’/g, "'"))
  })
})
