import { expect, test } from '@playwright/test'

import { createTeam, type TeamUser } from './support/api'
import { type UploadedDocument, uploadProcessed } from './support/documents'
import { signInAs } from './support/fixtures'

test.describe('a document’s details', () => {
  let analyst: TeamUser
  let memo: UploadedDocument

  test.beforeEach(async () => {
    const team = await createTeam('Details', ['analyst'])
    analyst = team.users[0]!
    ;[memo] = await uploadProcessed(analyst, team.organization.slug, [
      { title: 'Board memo', name: 'board-memo.txt', content: 'The board approved the sale process in March.\n' },
    ])
  })

  test('takes a description, refuses a tag too long with a message on its field, and lists tags', async ({ page }) => {
    await signInAs(page, analyst.username, analyst.password, { to: `/documents/${memo.id}?tab=metadata` })
    await page.getByLabel('Description').fill('Minutes of the March board meeting that started the sale.')
    await page.getByRole('button', { name: 'Save details' }).click()
    await expect(page.getByRole('status')).toContainText('Document details saved')
    await page.reload()
    await expect(page.getByLabel('Description')).toHaveValue(
      'Minutes of the March board meeting that started the sale.',
    )

    const tag = page.getByLabel('New tag')
    const long = 'Due diligence request list, second round of buyer questions'
    await tag.fill(long)
    await page.getByRole('button', { name: 'Add tag' }).click()
    await expect(tag).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByText(`A tag can have at most 50 characters; this one has ${long.length}.`)).toBeVisible()
    await expect(page.getByText('No tags yet.')).toBeVisible()

    await tag.fill('Board')
    await page.getByRole('button', { name: 'Add tag' }).click()
    await expect(page.getByRole('status')).toContainText('Tag "Board" added')
    await page.goto('/documents')
    await expect(page.getByRole('list', { name: 'Tags of Board memo' })).toHaveText('Board')
  })
})
