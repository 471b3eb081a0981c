import { expect, test } from '@playwright/test'

import { createTeam } from './support/api'
import { tabTo } from './support/fixtures'

test('an admin signs in, creates an organization and changes a role with the keyboard only', async ({ page }) => {
  const { users } = await createTeam('Keyboard', ['admin', 'member'])
  const [admin, member] = users
  await page.goto('/login')
  await tabTo(page, page.getByLabel('Username or Email'))
  await page.keyboard.type(admin!.username)
  await page.keyboard.press('Tab')
  await page.keyboard.type(admin!.password)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/dashboard$/)

  await tabTo(page, page.getByRole('link', { name: 'Manage Organization' }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/admin\/organization$/)
  await tabTo(page, page.getByRole('link', { name: `Edit role of ${member!.email}` }))
  await page.keyboard.press('Enter')
  const select = page.getByLabel(`Role for ${member!.email}`)
  await expect(select).toBeFocused()
  await select.press('ArrowDown') // member → analyst
  await tabTo(page, page.getByRole('button', { name: 'Save role' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('status')).toContainText('Member role updated')
  await expect(page.getByRole('row', { name: new RegExp(member!.email) })).toContainText('Analyst')

  await page.goto('/organizations')
  await tabTo(page, page.getByText('Create New Organization'))
  await page.keyboard.press('Enter')
  await tabTo(page, page.getByLabel('Organization Name'))
  const name = `Keyboard Co ${Date.now()}`
  await page.keyboard.type(name)
  await tabTo(page, page.getByRole('button', { name: 'Create Organization' }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.locator('.welcome')).toContainText(name)
})
