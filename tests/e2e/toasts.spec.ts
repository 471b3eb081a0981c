import { expect, type Page, test } from '@playwright/test'

import { createTeam } from './support/api'
import { signInAs } from './support/fixtures'

/** The controls a toast lies over, by their text: none, if it covers nothing. */
async function controlsUnder(page: Page, toast: ReturnType<Page['locator']>) {
  const box = (await toast.boundingBox())!
  return page.evaluate((box) => {
    const overlaps = (rect: DOMRect) =>
      rect.width > 0 &&
      rect.left < box.x + box.width &&
      rect.right > box.x &&
      rect.top < box.y + box.height &&
      rect.bottom > box.y
    return [...document.querySelectorAll('a, button, input, select, textarea, summary, [tabindex="0"]')]
      .filter(
        (element) =>
          !element.closest('.toaster') && element.checkVisibility() && overlaps(element.getBoundingClientRect()),
      )
      .map((element) => element.textContent?.trim() || element.getAttribute('aria-label') || element.tagName)
  }, box)
}

test.describe('toasts', () => {
  for (const width of [1280, 360]) {
    test(`sit under the header and cover no control, at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 700 })
      const { users } = await createTeam('Toasts', ['analyst'])
      await signInAs(page, users[0]!.username, users[0]!.password, { to: '/chat' })
      await page.getByRole('button', { name: 'New' }).first().click()
      const toast = page.locator('.toast').filter({ hasText: 'New conversation created' })
      await expect(toast).toBeVisible()
      expect(await controlsUnder(page, toast)).toEqual([])
      // Below the header, above the page's heading.
      const header = (await page.locator('.site-header').boundingBox())!
      expect((await toast.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height)
    })
  }
})
