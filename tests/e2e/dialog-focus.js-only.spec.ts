import { expect, type Locator, type Page, test } from '@playwright/test'

import { createTeam } from './support/api'
import { uploadProcessed } from './support/documents'
import { signInAs } from './support/fixtures'

const TITLE = 'Completion accounts'

async function openDocuments(page: Page) {
  const { organization, users } = await createTeam('Dialog focus', ['analyst'])
  await uploadProcessed(users[0]!, organization.slug, [
    { title: TITLE, name: 'completion-accounts.txt', content: 'Net debt at completion was 1.2 million.\n'.repeat(10) },
  ])
  await signInAs(page, users[0]!.username, users[0]!.password, { to: '/documents' })
}

/** Where focus is: inside the dialog, or described for the failure message. */
const focusIn = (dialog: Locator) =>
  dialog.evaluate((box) =>
    box.contains(document.activeElement) ? 'inside' : `outside, on ${document.activeElement?.outerHTML.slice(0, 80)}`,
  )

test.describe('the document dialog', () => {
  test('takes focus when opened with the mouse, keeps it inside, and gives it back on Escape', async ({ page }) => {
    await openDocuments(page)
    const opener = page.getByRole('link', { name: TITLE, exact: true })
    await opener.click()
    const dialog = page.getByRole('dialog', { name: TITLE })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('heading', { level: 1, name: TITLE })).toBeFocused()

    // More presses than the dialog has controls: focus goes round inside it, forwards and back.
    const controls = await dialog.locator('a[href], button, input, select, textarea').count()
    for (const key of ['Tab', 'Shift+Tab']) {
      for (let press = 0; press < controls + 3; press++) {
        await page.keyboard.press(key)
        expect(await focusIn(dialog), `after ${press + 1} × ${key}`).toBe('inside')
      }
    }

    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(opener).toBeFocused()
  })

  test('takes focus when opened from the keyboard, and gives it back when Close is pressed', async ({ page }) => {
    await openDocuments(page)
    const opener = page.getByRole('link', { name: TITLE, exact: true })
    await opener.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: TITLE })
    await expect(dialog.getByRole('heading', { level: 1, name: TITLE })).toBeFocused()

    // A tab of the dialog loads in place: focus stays on the tab that was chosen.
    const versions = dialog.getByRole('link', { name: 'Version History' })
    await versions.focus()
    await page.keyboard.press('Enter')
    await expect(dialog.getByRole('table')).toBeVisible()
    await expect(versions).toBeFocused()

    await dialog.getByRole('button', { name: /^Close/ }).focus()
    await page.keyboard.press('Enter')
    await expect(dialog).toHaveCount(0)
    await expect(opener).toBeFocused()
  })
})
