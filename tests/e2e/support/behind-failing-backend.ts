import { type Page, test } from '@playwright/test'

import { apiSignIn, createTeam, type Role } from './api'
import { type FailingBackend, startFailingBackend, userIdOf } from './failing-backend'
import { signInAs } from './fixtures'
import { type StartedServer, startServer } from './server'

export interface BehindFailingBackend {
  backend: FailingBackend
  web: StartedServer
}

/**
 * A web tier of its own in front of a backend that passes every call on to the real one except the
 * calls a test fails or holds; started before the file's tests and stopped after them.
 */
export function webBehindFailingBackend(): BehindFailingBackend {
  const setup = {} as BehindFailingBackend
  // One worker runs the file's tests in turn, so the servers start once, not once per worker.
  test.describe.configure({ mode: 'default' })
  test.beforeAll(async () => {
    test.setTimeout(120_000)
    setup.backend = await startFailingBackend()
    setup.web = await startServer({ API_URL: setup.backend.url })
  })
  test.afterAll(async () => {
    await setup.web?.stop()
    await setup.backend?.close()
  })
  return setup
}

/** A fresh team with one user of `role`, signed in on that web tier; `userId` names their calls to the backend. */
export async function signedInBehind(setup: BehindFailingBackend, page: Page, label: string, role: Role) {
  const team = await createTeam(label, [role])
  const user = team.users[0]!
  const { access } = await apiSignIn(user.username, user.password)
  await signInAs(page, user.username, user.password, { base: setup.web.url })
  return { ...team, user, userId: userIdOf(access) }
}
