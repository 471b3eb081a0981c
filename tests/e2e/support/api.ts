import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

import { expect } from '@playwright/test'

import { DEMO_PASSWORD } from './fixtures'

export type Role = 'admin' | 'analyst' | 'member'

export interface TeamUser {
  username: string
  email: string
  password: string
  role: Role
}

export const baseURL = () => `http://localhost:${process.env.E2E_PORT}`

/** Calls the running server's /api as a client of the spec's contract would. */
export async function api<T = unknown>(
  method: string,
  route: string,
  options: { token?: string; body?: unknown; base?: string } = {},
) {
  const response = await fetch(`${options.base ?? baseURL()}/api${route}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${text}`)
  return (text ? JSON.parse(text) : undefined) as T
}

/** Uploads a transcript file to a meeting, as the meeting page's form does. */
export async function uploadTranscript(token: string, meetingId: string, file: { name: string; text: string }) {
  const body = new FormData()
  body.append('file', new Blob([file.text], { type: 'text/plain' }), file.name)
  const response = await fetch(`${baseURL()}/api/meetings/${meetingId}/transcript/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body,
  })
  if (response.status !== 201)
    throw new Error(`Transcript upload answered ${response.status}: ${await response.text()}`)
}

export const apiSignIn = (username: string, password: string, base?: string) =>
  api<{ access: string; refresh: string }>('POST', '/token/obtain/', { body: { username, password }, base })

/** The newest link under `linkPath` mailed to `email`, read from the server's outbox (quoted-printable decoded). */
export async function mailedLink(
  email: string,
  linkPath: '/invitations/' | '/confirm-email/',
  dataDir = process.env.E2E_DATA_DIR!,
) {
  const outbox = path.join(dataDir, 'outbox')
  const pattern = new RegExp(`https?://[^\\s"<>]+${linkPath}[\\w-]+`)
  let link: string | undefined
  await expect
    .poll(
      () => {
        let files: string[] = []
        try {
          files = readdirSync(outbox).sort().reverse()
        } catch {
          return undefined
        }
        for (const file of files) {
          const raw = readFileSync(path.join(outbox, file), 'utf8')
            .replace(/=\r?\n/g, '')
            .replace(/=3D/g, '=')
          if (!new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}$`, 'mi').test(raw)) continue
          link = pattern.exec(raw)?.[0]
          if (link) return link
        }
        return undefined
      },
      { timeout: 10_000 },
    )
    .toBeTruthy()
  return link!
}

export const invitationLink = (email: string, dataDir?: string) => mailedLink(email, '/invitations/', dataDir)

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

/**
 * A fresh organization (created by the demo admin) whose people joined through real invitations:
 * one user per requested role, each with their own account.
 */
export async function createTeam(label: string, roles: Role[]) {
  const id = unique()
  const { access } = await apiSignIn('admin', DEMO_PASSWORD)
  const organization = await api<{ slug: string; name: string }>('POST', '/organizations/', {
    token: access,
    body: { name: `${label} ${id}` },
  })
  const users: TeamUser[] = []
  for (const [index, role] of roles.entries()) {
    const user = {
      username: `${label.toLowerCase().replace(/\W+/g, '')}${id}${index}`,
      email: `${label.toLowerCase().replace(/\W+/g, '-')}-${id}-${index}@example.com`,
      password: `pass-${id}-${index}`,
      role,
    }
    await api('POST', `/organizations/${organization.slug}/invite/`, {
      token: access,
      body: { email: user.email, role },
    })
    const token = (await invitationLink(user.email)).split('/invitations/')[1]
    await api('POST', `/invitations/token/${token}/accept/`, {
      body: { username: user.username, password: user.password },
    })
    users.push(user)
  }
  return { organization, users, adminToken: access }
}

/** An e-mail address exactly `length` characters long (at example.com), unique to this run. */
export function longEmail(length: number, label = 'long') {
  const domain = '@example.com'
  const head = `${label}-${unique()}-`
  if (head.length + domain.length > length) throw new Error(`An address of ${length} characters cannot hold "${head}"`)
  return `${head}${'x'.repeat(length - head.length - domain.length)}${domain}`
}

/**
 * Invites `email` into `organization` as `role` and accepts with a new account, as createTeam does
 * for its people: a team user whose address the test chooses (a 60-character one, say).
 */
export async function addTeamUser(
  organization: { slug: string },
  adminToken: string,
  role: Role,
  email: string,
): Promise<TeamUser> {
  const id = unique()
  const user = { username: `user${id}`, email, password: `pass-${id}`, role }
  await api('POST', `/organizations/${organization.slug}/invite/`, { token: adminToken, body: { email, role } })
  const token = (await invitationLink(email)).split('/invitations/')[1]
  await api('POST', `/invitations/token/${token}/accept/`, {
    body: { username: user.username, password: user.password },
  })
  return user
}
