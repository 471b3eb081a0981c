import { expect, test } from '@playwright/test'

import { wav } from '../support/wav'
import { api, apiSignIn, createTeam } from './support/api'
import { expectNoAxeViolations, signInAs, tabTo } from './support/fixtures'

// The test server has no TRANSCRIBE_BASE_URL: a recording is stored and waits for a transcript file.
test.describe('uploading a recording', () => {
  test('stores it from the keyboard alone and says the meeting waits for a transcript file', async ({
    page,
    javaScriptEnabled,
  }) => {
    const { users } = await createTeam('Recorders', ['analyst'])
    const analyst = users[0]!
    const { access } = await apiSignIn(analyst.username, analyst.password)
    const meeting = await api<{ id: string }>('POST', '/meetings/', {
      token: access,
      body: {
        title: 'Board call on the earn-out',
        date: '2026-11-18T15:00:00Z',
        duration: 30,
        participants: [{ name: 'Nina Park', role: 'advisor' }],
      },
    })
    await signInAs(page, analyst.username, analyst.password, { to: `/transcriptions/${meeting.id}` })
    const file = page.getByLabel('Transcript file')
    await expect(file).toHaveAccessibleDescription(/Or the meeting's recording: MP3, M4A, WAV, WebM, OGG, MP4 or MOV/)

    // A listener for the whole test keeps the file chooser intercepted; Playwright turns interception
    // on and off with each waitForEvent's listener, and turning it on can lose the race with the key
    // press that opens the chooser.
    page.on('filechooser', () => {})
    const choose = async (name: string, buffer: Buffer) => {
      await tabTo(page, file)
      const chooser = page.waitForEvent('filechooser')
      await page.keyboard.press('Space')
      await (await chooser).setFiles({ name, mimeType: 'application/octet-stream', buffer })
      await tabTo(page, page.getByRole('button', { name: 'Upload Transcript' }))
      await page.keyboard.press('Enter')
    }

    await choose('minutes.mp3', Buffer.from('Nina Park: we agreed to counter at 13.5 million.'))
    await expect(file).toHaveAccessibleDescription(
      /"minutes\.mp3" is not an MP3 recording: its content is text\. Check the file and its extension\./,
    )
    await expect(file).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByText('Current status: scheduled')).toBeVisible()

    await choose('board-call.wav', Buffer.from(wav(1)))
    await expect(page.getByRole('status').getByText('Recording uploaded')).toBeVisible()
    await expect(
      page.getByText('This meeting has not been fully processed yet. Current status: processing'),
    ).toBeVisible()
    await expect(
      page.getByText(
        'The recording is stored. Upload a transcript file to process this meeting. Automatic transcription is not configured.',
      ),
    ).toBeVisible()
    await expect(page.getByRole('definition').filter({ hasText: 'board-call.wav' })).toHaveText(
      'board-call.wav (15.7 KB)',
    )
    if (javaScriptEnabled) await expectNoAxeViolations(page)

    // A transcript file uploaded afterwards (the keyboard alone again) still processes the meeting; the
    // recording stays listed.
    const vtt = [
      'WEBVTT',
      '',
      '00:00:01.000 --> 00:00:06.000',
      '<v Nina Park>We agreed to counter at 13.5 million.',
      '',
    ].join('\n')
    await choose('board-call.vtt', Buffer.from(vtt))
    await expect(page.getByRole('status').getByText('Transcript processed')).toBeVisible()
    await expect(page.locator('.status').first()).toHaveText('Completed')
    await expect(page.getByText(/The recording is stored/)).toHaveCount(0)
    await expect(page.getByRole('definition').filter({ hasText: 'board-call.wav' })).toBeVisible()
  })
})
