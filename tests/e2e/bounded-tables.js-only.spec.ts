import { expect, test } from '@playwright/test'

import { MAX_TABLE_CELLS, MAX_TABLE_COLUMNS } from '../../shared/table-bounds'
import { WIDE_TABLE } from '../support/rendering-shapes'
import { api, apiSignIn, createTeam } from './support/api'
import { signInAs } from './support/fixtures'

/*
 * Issue 43, finding 2: a message whose table would be two million cells, on the conversation page
 * as the browser takes it over. The server's HTML is tests/unit/markdown.test.ts's; here the page
 * hydrates on the same bounded table, without an error.
 */
test('a conversation with a table of 1,000 columns shows it cut to the bounds, and says so', async ({ page }) => {
  const team = await createTeam('Wide tables', ['member'])
  const member = team.users[0]!
  const { access } = await apiSignIn(member.username, member.password)
  const conversation = await api<{ id: number }>('POST', '/conversations/', {
    token: access,
    body: { title: 'A wide table' },
  })
  await api('POST', `/conversations/${conversation.id}/add_message/`, { token: access, body: { content: WIDE_TABLE } })

  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  await signInAs(page, member.username, member.password, { to: `/chat/${conversation.id}` })
  // The message box takes the focus once the page has hydrated.
  await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toBeFocused()

  const question = page.locator('.message-user').first()
  await expect(question.getByText('Table cut to 40 of 1,000 columns and 100 of 1,998 rows.')).toBeVisible()
  await expect(question.locator('th')).toHaveCount(MAX_TABLE_COLUMNS)
  await expect(question.locator('td')).toHaveCount(MAX_TABLE_CELLS)
  expect(errors).toEqual([])
})
