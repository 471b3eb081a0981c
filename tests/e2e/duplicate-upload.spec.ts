import { expect, type Page, test } from '@playwright/test'

import { createTeam } from './support/api'
import { documentTitles, uploadDocument, type UploadedDocument, versionNumbers } from './support/documents'
import { signInAs } from './support/fixtures'

const textFile = (name: string, content: string) => ({ name, mimeType: 'text/plain', buffer: Buffer.from(content) })

/** A fresh organization whose analyst is signed in and has uploaded `existing` (title and content each). */
async function organizationHolding(
  page: Page,
  label: string,
  existing: Array<{ title: string; name: string; content: string }>,
) {
  const { organization, users } = await createTeam(label, ['analyst'])
  const user = users[0]!
  const documents: UploadedDocument[] = []
  for (const source of existing) documents.push(await uploadDocument(user, organization.slug, source))
  await signInAs(page, user.username, user.password)
  return { organization: organization.slug, user, documents }
}

const PLAN = 'Exit plan: sell the business to the management team over three years, with an earn-out on revenue.'

async function uploadPlanAgain(page: Page, title: string) {
  await page.goto('/documents?upload=true')
  await page.getByLabel('File', { exact: true }).setInputFiles(textFile('plan-copy.txt', PLAN))
  await page.getByLabel('Title').fill(title)
  await page.getByRole('button', { name: 'Upload Document' }).click()
}

const question = (page: Page) => page.getByRole('region', { name: 'Already uploaded' })

async function expectAsked(page: Page) {
  await expect(question(page)).toContainText('"plan-copy.txt" is already uploaded as "Exit plan".')
  await expect(question(page).getByRole('button')).toHaveText(['Keep both', 'Skip', 'Add as a new version'])
  // With JavaScript the question replaces the upload form in place, so the focus goes to it.
  if (test.info().project.name === 'js-on')
    await expect(page.getByRole('heading', { name: 'Already uploaded' })).toBeFocused()
}

test.describe('uploading a file the organization already holds', () => {
  test('offers its three choices; "Keep both" creates the second document', async ({ page }) => {
    const { organization, user } = await organizationHolding(page, 'Keepers', [
      { title: 'Exit plan', name: 'plan.txt', content: PLAN },
    ])
    await uploadPlanAgain(page, 'Exit plan copy')
    await expectAsked(page)
    expect(await documentTitles(user, organization)).toEqual(['Exit plan'])
    await question(page).getByRole('button', { name: 'Keep both' }).click()
    await expect(page.getByRole('status').getByText('"Exit plan copy" uploaded. It is being processed.')).toBeVisible()
    await expect(question(page)).toHaveCount(0)
    expect(await documentTitles(user, organization)).toEqual(['Exit plan', 'Exit plan copy'])
  })

  test('"Skip" creates nothing and says so', async ({ page }) => {
    const { organization, user } = await organizationHolding(page, 'Skippers', [
      { title: 'Exit plan', name: 'plan.txt', content: PLAN },
    ])
    await uploadPlanAgain(page, 'Not wanted')
    await expectAsked(page)
    await question(page).getByRole('button', { name: 'Skip' }).click()
    await expect(
      page.getByRole('status').getByText('Nothing uploaded: "plan-copy.txt" is already uploaded as "Exit plan".'),
    ).toBeVisible()
    expect(await documentTitles(user, organization)).toEqual(['Exit plan'])
  })

  test('"Add as a new version" adds a version to the existing document, shown in its Version History', async ({
    page,
  }) => {
    const { documents } = await organizationHolding(page, 'Versioners', [
      { title: 'Exit plan', name: 'plan.txt', content: PLAN },
    ])
    await uploadPlanAgain(page, 'ignored')
    await expectAsked(page)
    await question(page).getByRole('button', { name: 'Add as a new version' }).click()
    await expect(
      page.getByRole('status').getByText('"plan-copy.txt" added as version 2 of "Exit plan". It is being processed.'),
    ).toBeVisible()

    await page.goto(`/documents/${documents[0]!.id}?tab=versions`)
    const rows = page.getByRole('table', { name: 'Versions of Exit plan' }).getByRole('row')
    await expect(rows).toHaveCount(3)
    await expect(rows.nth(1)).toContainText('v2 Current')
    await expect(rows.nth(1)).toContainText('Uploaded plan-copy.txt: the same file as version 1')
    await expect(rows.nth(2)).toContainText('v1')
  })
})

test.describe('a batch with duplicates', () => {
  const EXISTING = [
    { title: 'Alpha', name: 'alpha.txt', content: 'Alpha: the valuation memo of the first quarter.' },
    { title: 'Beta', name: 'beta.txt', content: 'Beta: the lease schedule of the warehouse.' },
    { title: 'Gamma', name: 'gamma.txt', content: 'Gamma: the list of key customers and their contracts.' },
  ]
  const batchFiles = (names: string[]) =>
    names.map((name) =>
      name === 'new.txt'
        ? textFile(name, 'A new file: the succession plan.')
        : textFile(name, EXISTING.find((file) => file.name === name)!.content),
    )

  async function uploadBatch(page: Page, names: string[]) {
    await page.goto('/documents?upload=true&mode=batch')
    await page.getByLabel('Files').setInputFiles(batchFiles(names))
    await page.getByRole('button', { name: 'Upload Files' }).click()
  }

  const group = (page: Page, file: string, title: string) =>
    question(page).getByRole('group', { name: `"${file}" is already uploaded as "${title}".` })

  test('names each duplicate with its document, stores the new file, and takes a choice per file', async ({ page }) => {
    const { organization, user, documents } = await organizationHolding(page, 'Batch choosers', EXISTING)
    await uploadBatch(page, ['alpha.txt', 'new.txt', 'beta.txt', 'gamma.txt'])
    await expect(question(page).getByRole('status')).toHaveText('1 document uploaded and queued for processing.')
    await expect(question(page)).toContainText('3 files are already uploaded.')
    for (const [file, title] of [
      ['alpha.txt', 'Alpha'],
      ['beta.txt', 'Beta'],
      ['gamma.txt', 'Gamma'],
    ]) {
      const choices = group(page, file!, title!)
      await expect(choices.getByRole('radio')).toHaveCount(3)
      // Skipping changes nothing, so it is what a file gets unless chosen otherwise.
      await expect(choices.getByRole('radio', { name: 'Skip' })).toBeChecked()
    }
    await group(page, 'alpha.txt', 'Alpha').getByRole('radio', { name: 'Keep both' }).check()
    await group(page, 'gamma.txt', 'Gamma').getByRole('radio', { name: 'Add as a new version' }).check()
    await question(page).getByRole('button', { name: 'Apply choices' }).click()
    await expect(
      page
        .getByRole('status')
        .getByText(
          '1 document uploaded and queued for processing. "alpha.txt" is a copy of "Alpha". ' +
            '"gamma.txt" added as version 2 of "Gamma". Skipped: "beta.txt" is already uploaded as "Beta".',
        ),
    ).toBeVisible()
    expect(await documentTitles(user, organization)).toEqual(['Alpha', 'Beta', 'Gamma', 'alpha', 'new'])
    expect(await versionNumbers(user, organization, documents[1]!)).toEqual(['1 current'])
    expect(await versionNumbers(user, organization, documents[2]!)).toEqual(['2 current', '1'])
  })

  test('takes one choice for every file: skip all, or add all as new versions', async ({ page }) => {
    const { organization, user, documents } = await organizationHolding(page, 'Batch all', EXISTING)
    await uploadBatch(page, ['alpha.txt', 'beta.txt'])
    await expect(question(page).getByRole('status')).toHaveCount(0)
    await question(page).getByRole('button', { name: 'Skip all' }).click()
    await expect(page.getByRole('status').getByText('Skipped: 2 files are already uploaded.')).toBeVisible()
    expect(await documentTitles(user, organization)).toEqual(['Alpha', 'Beta', 'Gamma'])

    await uploadBatch(page, ['alpha.txt', 'beta.txt'])
    await question(page).getByRole('button', { name: 'Add all as new versions' }).click()
    await expect(
      page.getByRole('status').getByText('2 files added as new versions of the documents they match.'),
    ).toBeVisible()
    expect(await documentTitles(user, organization)).toEqual(['Alpha', 'Beta', 'Gamma'])
    for (const document of documents.slice(0, 2))
      expect(await versionNumbers(user, organization, document)).toEqual(['2 current', '1'])
  })

  test('asks with the three buttons when the batch holds one duplicate, and "Keep both" keeps it', async ({ page }) => {
    const { organization, user } = await organizationHolding(page, 'Batch one', EXISTING.slice(0, 1))
    await uploadBatch(page, ['alpha.txt', 'new.txt'])
    await expect(question(page)).toContainText('"alpha.txt" is already uploaded as "Alpha".')
    await expect(question(page).getByRole('button')).toHaveText(['Keep both', 'Skip', 'Add as a new version'])
    await question(page).getByRole('button', { name: 'Keep both' }).click()
    await expect(
      page
        .getByRole('status')
        .getByText('1 document uploaded and queued for processing. "alpha.txt" is a copy of "Alpha".'),
    ).toBeVisible()
    expect(await documentTitles(user, organization)).toEqual(['Alpha', 'alpha', 'new'])
  })
})
