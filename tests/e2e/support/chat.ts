import { expect, type Page } from '@playwright/test'

import { type TeamUser } from './api'
import { signInAs, tabTo } from './fixtures'

/** Signs `user` in and starts a new conversation from the keyboard. */
export async function startConversation(page: Page, user: TeamUser) {
  await signInAs(page, user.username, user.password, { to: '/chat' })
  const newButton = page.getByRole('navigation', { name: 'Conversations' }).getByRole('button', { name: 'New' })
  await tabTo(page, newButton)
  const before = page.url()
  await page.keyboard.press('Enter')
  await expect(page).not.toHaveURL(before)
}

/** Types a question in the open conversation and sends it from the keyboard alone. */
export async function send(page: Page, question: string, javaScriptEnabled: boolean) {
  const box = page.getByRole('textbox', { name: 'Message', exact: true })
  await tabTo(page, box)
  await page.keyboard.type(question)
  // Enter sends when JavaScript runs, once the answer before has been saved (Send is enabled then);
  // without it Enter is a new line and the Send button sends.
  if (javaScriptEnabled) {
    await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled()
    await page.keyboard.press('Enter')
  } else {
    await tabTo(page, page.getByRole('button', { name: 'Send' }))
    await page.keyboard.press('Enter')
  }
}
