import { expect, type Locator, type Page, test } from '@playwright/test'

import { addTeamUser, createTeam, longEmail, type TeamUser } from './support/api'
import { signInAs } from './support/fixtures'

/**
 * Presses Tab until `target` has focus; every control focused on the way must be on screen, since
 * a keyboard user cannot see (or scroll sideways to) one that is not.
 */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 60; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return
    await page.keyboard.press('Tab')
    await expect(page.locator(':focus')).toBeInViewport({ ratio: 1 })
  }
  await expect(target).toBeFocused()
}

async function adminWithLongAddress(): Promise<TeamUser> {
  const { organization, adminToken } = await createTeam('Header keys', [])
  return addTeamUser(organization, adminToken, 'admin', longEmail(60, 'admin'))
}

test.describe('the header from the keyboard', () => {
  test('at 1280 px: Resources and the user menu open, and Profile and Logout are reachable and on screen', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    const admin = await adminWithLongAddress()
    await signInAs(page, admin.username, admin.password)
    const nav = page.getByRole('navigation', { name: 'Main', exact: true })

    await tabTo(page, nav.getByText('Resources'))
    await page.keyboard.press('Enter')
    await tabTo(page, nav.getByRole('link', { name: 'Templates' }))
    await tabTo(page, nav.getByRole('link', { name: 'Transcriptions' }))
    await tabTo(page, nav.getByRole('link', { name: 'Admin' }))

    const userMenu = page.locator('.user-menu > summary')
    await tabTo(page, userMenu)
    await expect(userMenu).toHaveAccessibleName(admin.email)
    await page.keyboard.press('Enter')
    await tabTo(page, page.getByRole('link', { name: 'Profile', exact: true }))
    await tabTo(page, page.getByRole('button', { name: 'Logout' }))
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/login/)
  })

  test('at 360 px: Menu opens on the same row as the avatar and its links are reachable and on screen', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    const admin = await adminWithLongAddress()
    await signInAs(page, admin.username, admin.password)
    const menu = page.locator('.mobile-menu > summary')
    const avatar = page.locator('.user-menu > summary')
    const [menuBox, avatarBox] = [await menu.boundingBox(), await avatar.boundingBox()]
    // One header row: the avatar's middle is level with Menu's (not on a row of its own below).
    expect(Math.abs(menuBox!.y + menuBox!.height / 2 - (avatarBox!.y + avatarBox!.height / 2))).toBeLessThan(4)

    await tabTo(page, menu)
    await page.keyboard.press('Enter')
    const mainMenu = page.getByRole('navigation', { name: 'Main menu' })
    await tabTo(page, mainMenu.getByRole('link', { name: 'Documents' }))
    await tabTo(page, mainMenu.getByText('Resources'))
    await page.keyboard.press('Enter')
    await tabTo(page, mainMenu.getByRole('link', { name: 'Transcriptions' }))
    await tabTo(page, mainMenu.getByRole('link', { name: 'Admin' }))
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/admin/)
  })
})

test.describe('the user menu', () => {
  test('shows the whole address, wrapping after its "@" and never inside a part', async ({ page }) => {
    const { organization, adminToken } = await createTeam('Menu address', [])
    const member = await addTeamUser(organization, adminToken, 'member', longEmail(40, 'menu'))
    await signInAs(page, member.username, member.password)
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 800 })
      await page.locator('.user-menu > summary').click()
      const account = page.locator('.user-menu-account')
      await expect(account).toHaveText(member.email)
      // The lines each text part of the address takes: one each, so no word is cut.
      const lines = await account.evaluate((element) =>
        [...element.childNodes]
          .filter((node) => node.nodeType === Node.TEXT_NODE)
          .map((node) => {
            const range = document.createRange()
            range.selectNodeContents(node)
            return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size
          }),
      )
      expect(lines).toEqual([1, 1])
      await page.locator('.user-menu > summary').click()
    }
  })
})
