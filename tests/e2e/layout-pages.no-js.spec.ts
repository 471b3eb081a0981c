import { expect, type Locator, type Page, test } from '@playwright/test'

import { createTeam, type TeamUser } from './support/api'
import { uploadDocument, type UploadedDocument } from './support/documents'
import { signInAs } from './support/fixtures'

let analyst: TeamUser
let documents: UploadedDocument[]

// One worker runs these tests in turn, so what beforeAll starts is started once, not once per worker.
test.describe.configure({ mode: 'default' })
test.beforeAll(async () => {
  test.setTimeout(60_000)
  const { organization, users } = await createTeam('Layout pages', ['analyst'])
  analyst = users[0]!
  documents = []
  for (const title of ['Board minutes March', 'Board minutes April', 'Board minutes May']) {
    documents.push(
      await uploadDocument(analyst, organization.slug, {
        title,
        name: `${title}.txt`,
        content: `${title}: the board approved the sale process.\n`,
      }),
    )
  }
})

const box = async (locator: Locator) => (await locator.boundingBox())!

async function signIn(page: Page, width: number) {
  await page.setViewportSize({ width, height: 800 })
  await signInAs(page, analyst.username, analyst.password)
}

test.describe('dashboard', () => {
  test('shows Quick Actions as cards, three to a row at 1280 px, and each whole card opens its page', async ({
    page,
  }) => {
    await signIn(page, 1280)
    const actions = page.getByRole('region', { name: 'Quick Actions' }).getByRole('listitem')
    await expect(actions).toHaveCount(6)
    const lefts = new Set<number>()
    for (const action of await actions.all()) lefts.add(Math.round((await box(action)).x))
    expect(lefts.size).toBe(3)

    // A click on the card's description, not its link text, still follows the link.
    const description = await box(page.getByText('Your account, password and e-mail'))
    await page.mouse.click(description.x + description.width / 2, description.y + description.height / 2)
    await expect(page).toHaveURL(/\/profile$/)
  })

  test('stacks Quick Actions in one column at 360 px, each card as wide as the list', async ({ page }) => {
    await signIn(page, 360)
    const region = page.getByRole('region', { name: 'Quick Actions' })
    const list = await box(region.getByRole('list'))
    for (const action of await region.getByRole('listitem').all()) {
      const card = await box(action)
      expect(Math.round(card.x)).toBe(Math.round(list.x))
      expect(Math.round(card.width)).toBe(Math.round(list.width))
    }
  })
})

test.describe('documents list', () => {
  test('asks to confirm a delete inside the row it concerns, with a red Delete document button', async ({ page }) => {
    await signIn(page, 1280)
    await page.goto('/documents')
    const row = (title: string) =>
      page.locator('.document-item', { has: page.getByRole('link', { name: title, exact: true }) })
    const middle = row('Board minutes April')
    await middle.getByRole('link', { name: 'Delete Board minutes April' }).click()

    const confirm = middle.getByRole('region', { name: 'Delete "Board minutes April"?' })
    await expect(confirm).toBeVisible()
    await expect(page.getByRole('heading', { name: /^Delete "/ })).toHaveCount(1)
    // Right under the row's title and above the next row.
    const [title, question, below] = [
      await box(middle.getByRole('link', { name: 'Board minutes April', exact: true })),
      await box(confirm),
      await box(row('Board minutes March')),
    ]
    expect(question.y).toBeGreaterThan(title.y)
    expect(question.y + question.height).toBeLessThanOrEqual(below.y)

    const button = confirm.getByRole('button', { name: 'Delete document' })
    await expect(button).toHaveCSS('background-color', 'rgb(185, 28, 28)')
    await expect(button).toHaveCSS('color', 'rgb(255, 255, 255)')

    await confirm.getByRole('link', { name: 'Cancel' }).click()
    await expect(confirm).toHaveCount(0)
    await expect(middle.getByRole('link', { name: 'Delete Board minutes April' })).toBeVisible()
  })

  test('at 360 px keeps status badges to the size of their text', async ({ page }) => {
    await signIn(page, 360)
    await page.goto('/documents')
    for (const status of await page.locator('.document-item .status').all()) {
      const width = (await box(status)).width
      const text = await status.evaluate((element) => {
        const range = document.createRange()
        range.selectNodeContents(element)
        return range.getBoundingClientRect().width
      })
      // The text plus the badge's own padding, not the width of the card.
      expect(width).toBeLessThan(text + 30)
    }
  })
})

test('Version History scrolls inside its own box at 360 px, not the page', async ({ page }) => {
  await signIn(page, 360)
  await page.goto(`/documents/${documents[0]!.id}?tab=versions`)
  const scroller = page.locator('.table-scroll', { has: page.getByRole('table') })
  await expect(scroller).toBeVisible()
  const widths = await scroller.evaluate((element) => ({
    box: element.clientWidth,
    table: element.scrollWidth,
    page: document.documentElement.scrollWidth,
    screen: window.innerWidth,
  }))
  expect(widths.table).toBeGreaterThan(widths.box)
  expect(widths.page).toBeLessThanOrEqual(widths.screen)
  await scroller.evaluate((element) => element.scrollTo({ left: element.scrollWidth }))
  await expect(page.getByRole('link', { name: /^Download version 1/ })).toBeInViewport()
})
