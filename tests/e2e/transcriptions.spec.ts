import { fileURLToPath } from 'node:url'

import { expect, test } from '@playwright/test'

import { api, apiSignIn, createTeam, type TeamUser, uploadTranscript } from './support/api'
import { downloadText } from './support/downloads'
import { expectNoAxeViolations, signIn, signInAs, tabTo } from './support/fixtures'

// The demo organization's sample meetings (api/transcriptions/samples.ts): two held, one to come.
test.describe('recorded meetings', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'member')
  })

  test('lists the meetings with their status, time, length and people, and filters them by status', async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto('/transcriptions')
    await expect(page.getByRole('heading', { name: 'Recorded Meetings', level: 1 })).toBeVisible()
    const cards = page.getByRole('article')
    await expect(cards).toHaveCount(3)
    const family = cards.filter({ hasText: 'Family meeting on succession' })
    await expect(family).toContainText('Scheduled')
    await expect(family).toContainText('90 minutes')
    await expect(family).toContainText('5 participants')
    await expect(family.getByRole('list', { name: 'Participants' }).getByRole('listitem')).toHaveText([
      'Robert Kline',
      'Ellen Kline',
      '+3',
    ])
    await expect(family.getByRole('link', { name: /^View Transcript/ })).toHaveCount(0)
    if (javaScriptEnabled) await expectNoAxeViolations(page)

    await page.getByLabel('Status').selectOption({ label: 'Completed' })
    await page.getByRole('button', { name: 'Filter' }).click()
    await expect(page).toHaveURL(/status=processed/)
    await expect(cards).toHaveCount(2)
    await page.getByLabel('Status').selectOption({ label: 'Scheduled' })
    await page.getByRole('button', { name: 'Filter' }).click()
    await expect(cards).toHaveCount(1)
    await expect(cards).toContainText('Family meeting on succession')
    // A status no meeting has: the way back to all of them.
    await page.getByLabel('Status').selectOption({ label: 'Processing' })
    await page.getByRole('button', { name: 'Filter' }).click()
    await expect(page.getByRole('heading', { name: 'No meetings found' })).toBeVisible()
    await page.getByRole('link', { name: 'Show all meetings' }).click()
    await expect(cards).toHaveCount(3)
  })

  test('shows a meeting with its people, summary, keywords and action items, then its transcript', async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto('/transcriptions')
    await page.getByRole('link', { name: 'View Details of Valuation review and value gap' }).click()
    await expect(page.getByRole('heading', { name: 'Valuation review and value gap', level: 1 })).toBeVisible()
    const people = page.getByRole('region', { name: 'Participants' })
    await expect(people.locator('.role-expert')).toContainText('Tom Reed')
    await expect(people.locator('.role-expert')).toContainText('Tax advisor')
    await expect(people.locator('.role-client')).toHaveCount(2)
    await expect(page.getByRole('region', { name: 'Summary' })).toContainText('between 11.5 and 13.8 million')
    const actions = page.getByRole('region', { name: 'Action items' })
    await expect(actions.getByRole('listitem').filter({ hasText: 'Model the asset sale' })).toContainText(
      'Assignee: Tom Reed',
    )
    if (javaScriptEnabled) await expectNoAxeViolations(page)

    await page.getByRole('link', { name: 'View Transcript' }).click()
    const transcript = page.getByRole('region', { name: 'Transcript' })
    const turn = transcript.getByRole('listitem').filter({ hasText: 'From the tax side' })
    await expect(turn).toContainText('Tom Reed')
    await expect(turn.locator('time')).toHaveText('01:25')
    if (javaScriptEnabled) await expectNoAxeViolations(page)
  })

  test('says plainly when a meeting has no transcript yet, and answers 404 for one that is not there', async ({
    page,
  }) => {
    await page.goto('/transcriptions')
    await page.getByRole('link', { name: 'View Details of Family meeting on succession' }).click()
    await expect(
      page.getByText('This meeting has not been fully processed yet. Current status: scheduled'),
    ).toBeVisible()
    const response = await page.goto('/transcriptions/meet-99999999')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Meeting not found' })).toBeVisible()
  })
})

test.describe('uploading a transcript', () => {
  test('reads the file into turns, a summary and action items, and names a file it cannot read', async ({
    page,
    javaScriptEnabled,
  }) => {
    const { users } = await createTeam('Transcribers', ['analyst'])
    const analyst = users[0]!
    const { access } = await apiSignIn(analyst.username, analyst.password)
    const meeting = await api<{ id: string }>('POST', '/meetings/', {
      token: access,
      body: {
        title: 'Buyer call with Harbor Capital',
        date: '2026-11-18T15:00:00Z',
        duration: 30,
        participants: [
          { name: 'Nina Park', role: 'advisor' },
          { name: 'Oscar Lund', email: 'oscar.lund@harbor.example', role: 'client' },
        ],
      },
    })
    await signInAs(page, analyst.username, analyst.password, { to: `/transcriptions/${meeting.id}` })
    await expect(
      page.getByText('This meeting has not been fully processed yet. Current status: scheduled'),
    ).toBeVisible()

    const file = page.getByLabel('Transcript file')
    await file.setInputFiles({ name: 'minutes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7') })
    await page.getByRole('button', { name: 'Upload Transcript' }).click()
    await expect(file).toHaveAccessibleDescription(/minutes\.pdf: upload a transcript as a WebVTT/)

    const vtt = [
      'WEBVTT',
      '',
      '00:00:02.000 --> 00:00:09.000',
      '<v Nina Park>Harbor offered 12 million, with 3 million of it as an earn-out over two years.',
      '',
      '00:00:10.000 --> 00:00:16.000',
      "<v Oscar Lund>We agreed to counter at 13.5 million. I'll send the counter-offer by Friday.",
      '',
      '00:01:05.000 --> 00:01:12.000',
      '<v Ines Ford>I will review the earn-out terms next week.',
      '',
    ].join('\n')
    await page
      .getByLabel('Transcript file')
      .setInputFiles({ name: 'buyer-call.vtt', mimeType: 'text/vtt', buffer: Buffer.from(vtt) })
    await page.getByRole('button', { name: 'Upload Transcript' }).click()
    await expect(page.getByRole('status').getByText('Transcript processed')).toBeVisible()
    await expect(page.locator('.status').first()).toHaveText('Completed')
    // A speaker no participant matched joins the meeting.
    await expect(page.getByRole('region', { name: 'Participants' })).toContainText('Ines Ford')
    await expect(page.getByRole('region', { name: 'Summary' })).toContainText('counter at 13.5 million')
    const actions = page.getByRole('region', { name: 'Action items' }).getByRole('listitem')
    await expect(actions.filter({ hasText: 'Send the counter-offer by Friday' })).toContainText('Assignee: Oscar Lund')
    await expect(actions.filter({ hasText: 'Send the counter-offer by Friday' })).toContainText('Due: Nov 20, 2026')
    await expect(actions.filter({ hasText: 'Review the earn-out terms' })).toContainText('Assignee: Ines Ford')
    if (javaScriptEnabled) await expectNoAxeViolations(page)

    await page.getByRole('link', { name: 'View Transcript' }).click()
    const turns = page.getByRole('region', { name: 'Transcript' }).getByRole('listitem')
    await expect(turns).toHaveCount(3)
    await expect(turns.nth(2)).toContainText('Ines Ford 01:05')
  })
})

test.describe('an eight-minute call', () => {
  const CALL = fileURLToPath(new URL('../fixtures/meetings/becker-valuation-call.txt', import.meta.url))

  test('shows its decisions and tasks, its real length, and leaves the form ready for another file', async ({
    page,
    javaScriptEnabled,
  }) => {
    const { users } = await createTeam('Call readers', ['analyst'])
    const analyst = users[0]!
    const { access } = await apiSignIn(analyst.username, analyst.password)
    const meeting = await api<{ id: string }>('POST', '/meetings/', {
      token: access,
      body: {
        title: 'Becker Logistics valuation call',
        date: '2026-11-16T15:00:00Z',
        duration: 60,
        participants: [
          { name: 'Priya Shah', role: 'advisor' },
          { name: 'Tom Becker', role: 'client' },
          { name: 'Luis Ortega', role: 'client-cfo' },
        ],
      },
    })
    await signInAs(page, analyst.username, analyst.password, { to: `/transcriptions/${meeting.id}` })
    const file = page.getByLabel('Transcript file')
    await file.setInputFiles(CALL)
    await page.getByRole('button', { name: 'Upload Transcript' }).click()
    await expect(page.getByRole('status').getByText('Transcript processed')).toBeVisible()

    await expect(page.getByRole('definition').filter({ hasText: 'minutes' })).toHaveText(
      '8 minutes (from the transcript)',
    )
    const decisions = page.getByRole('region', { name: 'Decisions' }).getByRole('listitem')
    const renewal = decisions.filter({ hasText: "Let's go with a three-year renewal" })
    await expect(renewal).toContainText('Said by: Tom Becker')
    await expect(renewal).toContainText('At: 02:48')
    await expect(decisions.filter({ hasText: 'We decided to keep both options open' })).toContainText(
      'Said by: Priya Shah',
    )
    const actions = page.getByRole('region', { name: 'Action items' }).getByRole('listitem')
    await expect(
      actions.filter({ hasText: 'Send the last three years of tax returns for the company and the holding entity' }),
    ).toContainText('Assignee: Tom Becker')
    await expect(actions.filter({ hasText: 'Send it to Tom Becker and Luis for review' })).toContainText(
      'Assignee: Priya Shah',
    )
    await expect(actions.filter({ hasText: /get into it/i })).toHaveCount(0)
    await expect(page.getByRole('region', { name: 'Summary' }).getByRole('listitem').first()).toHaveText(
      'Becker Logistics did 18.6 million in revenue last year and adjusted EBITDA of 3.1 million after the add-backs. From Priya Shah at 00:34',
    )
    // The file was processed: the field is empty, ready for a replacement.
    await expect(file).toHaveJSProperty('value', '')
    if (javaScriptEnabled) await expectNoAxeViolations(page)

    // The notes a client is sent: the same decisions, tasks and people, as PDF and as Word.
    const downloads = page.getByRole('list', { name: 'Download the meeting notes' })
    for (const [label, extension] of [
      ['Download as PDF', 'pdf'],
      ['Download as Word', 'docx'],
    ] as const) {
      const notes = await downloadText(page, downloads.getByRole('link', { name: label }))
      expect(notes.name).toBe(`Becker Logistics valuation call - Meeting notes.${extension}`)
      for (const expected of [
        'Meeting notes',
        'Decisions',
        "Let's go with a three-year renewal",
        'Send the last three years of tax returns for the company and the holding entity',
        'Luis Ortega',
        'Client CFO',
        '8 minutes (as recorded)',
      ])
        expect(notes.text).toContain(expected)
      if (extension === 'pdf') expect(notes.text).toMatch(/Page 1 of \d/)
    }

    // The page's two actions are one size, and clear of the upload card below, at any width.
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 })
      const view = await page.getByRole('link', { name: 'View Transcript' }).boundingBox()
      const convert = await page.getByRole('button', { name: /^Convert to Conversation/ }).boundingBox()
      const card = await page.getByRole('region', { name: 'Replace the transcript' }).boundingBox()
      expect(convert!.height, `at ${width} px`).toBe(view!.height)
      expect(
        card!.y - Math.max(view!.y + view!.height, convert!.y + convert!.height),
        `at ${width} px`,
      ).toBeGreaterThanOrEqual(16)
    }
  })
})

test.describe('a planning call whose decisions are agreed, not announced', () => {
  const CALL = fileURLToPath(new URL('../fixtures/meetings/alder-creek-planning-call.txt', import.meta.url))

  test('shows what was agreed, a summary of what it was about sourced to its turns, and tasks by their deadlines', async ({
    page,
    javaScriptEnabled,
  }) => {
    const { users } = await createTeam('Agreement readers', ['analyst'])
    const analyst = users[0]!
    const { access } = await apiSignIn(analyst.username, analyst.password)
    const meeting = await api<{ id: string }>('POST', '/meetings/', {
      token: access,
      body: {
        title: 'Alder Creek planning call',
        date: '2026-11-19T15:00:00Z',
        duration: 30,
        participants: [
          { name: 'Sam Whitaker', role: 'advisor' },
          { name: 'Gloria Reyes', role: 'client' },
          { name: 'Ken Mori', role: 'client-cfo' },
        ],
      },
    })
    await signInAs(page, analyst.username, analyst.password, { to: `/transcriptions/${meeting.id}` })
    await page.getByLabel('Transcript file').setInputFiles(CALL)
    await page.getByRole('button', { name: 'Upload Transcript' }).click()
    await expect(page.getByRole('status').getByText('Transcript processed')).toBeVisible()

    // Each course agreed to with "That works", "Fine by me", "Yes, let's do that" or "Agreed", as the course.
    const decisions = page.getByRole('region', { name: 'Decisions' }).getByRole('listitem')
    await expect(decisions).toHaveCount(5)
    await expect(decisions.nth(0)).toContainText('Ask Pacific Grocers for a three-year renewal')
    await expect(decisions.nth(1)).toContainText('Approach the two strategic buyers first')
    await expect(decisions.nth(1)).toContainText('keep the management buyout as the fallback')
    await expect(decisions.nth(2)).toContainText('Cap any earn-out at 15 percent of the price')
    const timeline = decisions.nth(3)
    await expect(timeline).toContainText('go to market in April 2027, and aim to close by the end of September 2027')
    await expect(timeline).toContainText('Said by: Sam Whitaker')
    await expect(timeline).toContainText('At: 04:56')
    await expect(decisions.nth(4)).toContainText('Tell the two plant managers in January')
    await expect(decisions.filter({ hasText: /That works|coffee|check-in/ })).toHaveCount(0)

    // What the call was about, as notes, and what it settled; each point names the turn it comes from.
    const summary = page.getByRole('region', { name: 'Summary' }).getByRole('listitem')
    await expect(summary.filter({ hasText: 'Pacific Grocers: they' })).toContainText(
      '41 percent of revenue, and their contract with Gloria Reyes runs out on June 30, 2027. From Sam Whitaker at 01:08',
    )
    const need = summary.filter({ hasText: 'Gloria Reyes needs 12.5 million to retire' })
    await expect(need).toContainText('From Gloria Reyes at 01:46')
    await expect(summary.filter({ hasText: 'Agreed to cap any earn-out at 15 percent' })).toContainText(
      'From Sam Whitaker at 04:21',
    )
    await expect(summary.filter({ hasText: /Sam Whitaker:|Gloria Reyes:|Ken Mori:/ })).toHaveCount(0)

    // The deadline said, not the "next week" said with it.
    const actions = page.getByRole('region', { name: 'Action items' }).getByRole('listitem')
    const margins = actions.filter({ hasText: 'Pull the margin on the Pacific work by product line' })
    await expect(margins).toContainText('Assignee: Ken Mori')
    await expect(margins).toContainText('Due: Dec 4, 2026')
    if (javaScriptEnabled) await expectNoAxeViolations(page)

    // A point's source opens the transcript at its turn.
    await need.getByRole('link', { name: 'Gloria Reyes at 01:46' }).click()
    await expect(page).toHaveURL(new RegExp(`/transcriptions/${meeting.id}/transcript#turn-\\d+$`))
    const turn = page.locator(`[id="${new URL(page.url()).hash.slice(1)}"]`)
    await expect(turn).toContainText('I need 12.5 million to retire the way Marco and I planned')
    await expect(turn).toBeInViewport()

    // The notes a client is sent say the same.
    const notes = await downloadText(
      page,
      page.getByRole('list', { name: 'Download the meeting notes' }).getByRole('link', { name: 'Download as PDF' }),
    )
    for (const expected of [
      'Gloria Reyes needs 12.5 million to retire the way Marco and Gloria planned. (Gloria Reyes, 01:46)',
      'Agreed to cap any earn-out at 15 percent of the price',
      'Approach the two strategic buyers first',
    ])
      expect(notes.text).toContain(expected)
  })
})

test.describe('scheduling a meeting', () => {
  test('schedules one with its people, adding a participant in place, and a member may not', async ({
    page,
    javaScriptEnabled,
  }) => {
    const { users } = await createTeam('Schedulers', ['analyst', 'member'])
    const [analyst, member] = users as [TeamUser, TeamUser]
    await signInAs(page, analyst.username, analyst.password, { to: '/transcriptions' })
    // A new organization's empty list says what to do first.
    await expect(page.getByRole('heading', { name: 'No meetings found' })).toBeVisible()
    await expect(page.getByText(/^Schedule a meeting, then upload its transcript or recording/)).toBeVisible()
    await page.getByRole('link', { name: 'Schedule a meeting', exact: true }).click()
    await page.getByLabel('Title').fill('Management buyout check-in')
    await page.getByLabel('Date and time (UTC)').fill('2026-12-10T15:00')
    await page.getByLabel('Duration (minutes)').fill('45')
    const first = page.getByRole('group', { name: 'Participant 1' })
    await first.getByLabel('Name').fill('Lena Ortiz')
    await first.getByLabel('Role').selectOption({ label: 'Client' })
    await page.getByRole('button', { name: 'Add participant' }).click()
    const second = page.getByRole('group', { name: 'Participant 2' })
    await second.getByLabel('Name').fill('Sam Hill')
    await second.getByLabel('Role').selectOption({ label: 'Advisor' })
    if (javaScriptEnabled) await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'Schedule Meeting' }).click()

    await expect(page.getByRole('heading', { name: 'Management buyout check-in', level: 1 })).toBeVisible()
    await expect(page.getByRole('status').getByText('Meeting scheduled')).toBeVisible()
    await expect(page.getByText('Dec 10, 2026, 3:00 PM UTC')).toBeVisible()
    await expect(page.getByText('45 minutes')).toBeVisible()
    const people = page.getByRole('region', { name: 'Participants' })
    await expect(people.locator('.role-client')).toContainText('Lena Ortiz')
    await expect(people.locator('.role-advisor')).toContainText('Sam Hill')

    await page.context().clearCookies()
    await signInAs(page, member.username, member.password, { to: '/transcriptions' })
    await expect(page.getByRole('article')).toHaveCount(1)
    await expect(page.getByRole('link', { name: 'Schedule Meeting' })).toHaveCount(0)
    await page.getByRole('link', { name: /^View Details/ }).click()
    await expect(page.getByLabel('Transcript file')).toHaveCount(0)
    await page.goto('/transcriptions/new')
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible()
  })
})

/** A team's analyst schedules a meeting of Nina Park (advisor) and Oscar Lund (client); its member converts it. */
async function harborMeeting(team: string, title: string, duration: number) {
  const [analyst, member] = (await createTeam(team, ['analyst', 'member'])).users
  const { access } = await apiSignIn(analyst!.username, analyst!.password)
  const meeting = await api<{ id: string }>('POST', '/meetings/', {
    token: access,
    body: {
      title,
      date: '2026-11-18T15:00:00Z',
      duration,
      participants: [
        { name: 'Nina Park', role: 'advisor' },
        { name: 'Oscar Lund', role: 'client' },
      ],
    },
  })
  return { member, access, meeting }
}

test.describe('converting a transcript', () => {
  test('turns a processed meeting into a conversation, one message per turn, with the keyboard only', async ({
    page,
    javaScriptEnabled,
  }) => {
    const { member, access, meeting } = await harborMeeting('Converters', 'Earn-out call with Harbor Capital', 30)
    const transcript = [
      '[00:00:04] Nina Park: Harbor offered 12 million, with 3 million of it as an earn-out.',
      '[00:00:15] Oscar Lund: We agreed to counter at 13.5 million. I will send the counter-offer by Friday.',
      '[00:00:40] Ines Ford: The lender can live with the earn-out.',
    ].join('\n')
    await uploadTranscript(access, meeting.id, { name: 'earn-out-call.txt', text: transcript })

    await signInAs(page, member!.username, member!.password, { to: '/transcriptions' })
    const convert = page.getByRole('button', { name: 'Convert to Conversation of Earn-out call with Harbor Capital' })
    await tabTo(page, convert)
    await page.keyboard.press('Enter')

    await expect(page).toHaveURL(/\/chat\/\d+/)
    const messages = page
      .getByRole('list', { name: 'Messages' })
      .getByRole('listitem')
      .filter({ has: page.locator('.message-header') })
    await expect(messages).toHaveCount(4)
    await expect(messages.nth(0)).toContainText('Nina Park')
    await expect(messages.nth(0)).toContainText('Advisor')
    await expect(messages.nth(0)).toContainText('Harbor offered 12 million')
    await expect(messages.nth(1)).toContainText('Oscar Lund')
    await expect(messages.nth(1)).toContainText('Client')
    await expect(messages.nth(2)).toContainText('Ines Ford')
    await expect(messages.nth(2)).toContainText('Participant')
    await expect(messages.nth(3)).toContainText('Summary')
    await expect(messages.nth(3)).toContainText('Send the counter-offer by Friday (Oscar Lund, due Nov 20, 2026)')
    await expect(page.getByRole('heading', { name: 'Earn-out call with Harbor Capital' })).toBeVisible()
    if (javaScriptEnabled) await expectNoAxeViolations(page)

    // The assistant answers from what was said in the meeting, and its source is the turn above.
    await tabTo(page, page.getByRole('textbox', { name: 'Message' }))
    await page.keyboard.type('What did Harbor offer?')
    await tabTo(page, page.getByRole('button', { name: 'Send' }))
    await page.keyboard.press('Enter')
    await expect(messages).toHaveCount(6)
    const answer = messages.nth(5)
    await expect(answer).toContainText('12 million')
    const source = answer.getByRole('link', { name: 'Meeting transcript: Earn-out call with Harbor Capital' })
    await expect(source).toHaveAttribute('href', /^#message-\d+$/)
    const cited = (await source.getAttribute('href'))!.slice(1)
    await expect(messages.nth(0).locator(`[id="${cited}"]`)).toHaveText(/Nina Park/)

    // A conversion that fails is reported on the page it was asked from: here the meeting is deleted
    // while its list is open.
    await page.goto('/transcriptions')
    await api('DELETE', `/meetings/${meeting.id}/`, { token: access })
    await tabTo(page, convert)
    await page.keyboard.press('Enter')
    await expect(
      page.getByRole('status').getByText('Failed to convert transcript to conversation. Please try again.'),
    ).toBeVisible()
    await expect(page).toHaveURL(/\/transcriptions$/)
    await expect(convert).toHaveCount(0)
  })
  test('shows a long meeting a page at a time, a cited turn on the page that holds it, by keyboard', async ({
    page,
    javaScriptEnabled,
  }) => {
    const { member, access, meeting } = await harborMeeting('Long meeting', 'Quarterly review with Harbor Capital', 60)
    const subjects = ['warehouse lease', 'payroll audit', 'fleet renewal', 'supplier terms', 'pension scheme']
    const turns = [
      '[00:00:04] Nina Park: Harbor offered 12 million, with 3 million of it as an earn-out.',
      ...Array.from(
        { length: 29 },
        (_, index) =>
          `[00:${String(index + 1).padStart(2, '0')}:30] ${index % 2 ? 'Nina Park' : 'Oscar Lund'}: ` +
          `Point ${index + 1} was the ${subjects[index % subjects.length]}, which stays as planned.`,
      ),
    ]
    await uploadTranscript(access, meeting.id, { name: 'quarterly-review.txt', text: turns.join('\n') })
    const { access: memberAccess } = await apiSignIn(member!.username, member!.password)
    const conversation = await api<{ id: number }>('POST', `/meetings/${meeting.id}/convert/`, {
      token: memberAccess,
    })

    // Thirty turns and the summary: the page shows the latest twenty and links to the rest.
    await signInAs(page, member!.username, member!.password, { to: `/chat/${conversation.id}` })
    const messages = page
      .getByRole('list', { name: 'Messages' })
      .getByRole('listitem')
      .filter({ has: page.locator('.message-header') })
    await expect(messages).toHaveCount(20)
    await expect(messages.first()).toContainText('Point 11 was')
    const earlier = page.getByRole('link', { name: 'Show earlier messages' })
    await tabTo(page, earlier)
    await page.keyboard.press('Enter')
    await expect(messages.first()).toContainText('Harbor offered 12 million')
    await expect(messages).toHaveCount(11)
    // The link is gone with nothing earlier: the keyboard goes on from the messages.
    if (javaScriptEnabled)
      await expect(page.getByRole('region', { name: 'Messages of this conversation' })).toBeFocused()
    await expect(earlier).toHaveCount(0)
    // An earlier page is for reading: the question box is on the latest page.
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveCount(0)
    if (javaScriptEnabled) await expectNoAxeViolations(page)
    await tabTo(page, page.getByRole('link', { name: 'Show newer messages' }))
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(new RegExp(`/chat/${conversation.id}$`))
    await expect(messages).toHaveCount(20)

    // The answer cites the first turn, two pages up: its link opens the page that holds it.
    await tabTo(page, page.getByRole('textbox', { name: 'Message' }))
    await page.keyboard.type('What did Harbor offer?')
    await tabTo(page, page.getByRole('button', { name: 'Send' }))
    await page.keyboard.press('Enter')
    const answer = messages.last()
    const source = answer.getByRole('link', { name: 'Meeting transcript: Quarterly review with Harbor Capital' })
    await expect(source).toHaveAttribute('href', /^\?before=\d+#message-\d+$/)
    await expect(answer).toContainText('12 million')
    const cited = (await source.getAttribute('href'))!.split('#')[1]!
    await tabTo(page, source)
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(new RegExp(`/chat/${conversation.id}\\?before=\\d+#${cited}$`))
    await expect(messages.last().locator(`[id="${cited}"]`)).toHaveText(/Nina Park/)
    await expect(messages.last()).toContainText('Harbor offered 12 million')
    await tabTo(page, page.getByRole('link', { name: 'Back to the latest messages' }))
    await page.keyboard.press('Enter')
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible()
    await expect(messages.last()).toContainText('12 million')
  })
})
