// Runs once (the js-off project skips *.js-only specs): it drives its own server process, no page.
import { expect, test } from '@playwright/test'

import { killLines, pollAsAnotherUser, prepareAttacks, replay } from '../support/heavy-requests'
import { DEMO_PASSWORD } from './support/fixtures'
import { sessionCookie } from './support/login-form'
import { startServer } from './support/server'

// Issue 43: a long cell exported to PDF, a table of many columns, checklist matching at its limits
// and the readiness report at the input limits each held a web process's event loop past the
// watchdog, which killed it with everyone's requests on it.
test('the review’s heavy requests kill no web process and fail none of another user’s requests', async () => {
  test.setTimeout(600_000)
  const server = await startServer({ LOG_LEVEL: 'warn' })
  try {
    const attacks = await prepareAttacks(server.url, {
      username: 'analyst',
      password: DEMO_PASSWORD,
      organization: 'demo-advisory-group',
    })
    const member = await sessionCookie(server.url, 'member', DEMO_PASSWORD)
    const poller = pollAsAnotherUser(server.url, member)
    const sent = await replay(server.url, attacks, 1)
    const theirs = await poller.stop()

    expect(killLines(server.output())).toEqual([])
    expect(theirs.length).toBeGreaterThan(0)
    expect(theirs.filter((answer) => answer.outcome !== 200)).toEqual([])
    // The one sending them is answered, or refused with a reason; never cut off.
    expect(sent.filter((answer) => ![200, 413, 429, 503].includes(answer.outcome as number))).toEqual([])
  } finally {
    await server.stop()
  }
})
