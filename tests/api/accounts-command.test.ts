import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { EXIT, runAccountsCommand } from '../../api/accounts/command'
import { openDatabase } from '../../api/db/client'
import { memberships, organizations, users } from '../../api/db/schema'
import { demoUsersWithDefaultPassword } from '../../api/seed'
import { type Harness, type Session, signIn, startApi } from './support/harness'

const DEMO = 'demo-advisory-group'
let api: Harness
let demoAdmin: Session

beforeAll(async () => {
  api = await startApi()
  demoAdmin = await signIn(api, 'admin')
})
afterAll(() => api.close())

/** Runs a command as the script does, its password (if it asks) `password`; answers code and output. */
async function accounts(args: string[], password?: string) {
  const out: string[] = []
  const err: string[] = []
  let asked = false
  const code = await runAccountsCommand(args, {
    db: api.db,
    clock: api.clock,
    appUrl: 'https://planner.example.com',
    readPassword: async () => {
      asked = true
      if (password === undefined) throw new Error('the command asked for a password')
      return password
    },
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  })
  return { code, out: out.join('\n'), err: err.join('\n'), asked }
}

const obtain = (username: string, password: string) =>
  api.request('/token/obtain/', { method: 'POST', json: { username, password } })

async function auditOf(slug: string, session: Session) {
  const response = await api.request(`/organizations/${slug}/audit/?page_size=100`, { token: session.access })
  expect(response.status).toBe(200)
  const page = (await response.json()) as {
    results: { action: string; actor: { id: number | null; name: string }; target: string }[]
  }
  return page.results
}

const userCount = async () => (await api.db.select().from(users)).length

describe('npm run accounts: create', () => {
  it('makes the first administrator with an organization of their own, who signs in and sees it logged', async () => {
    const password = 'first-admin-password'
    const { code, out, err } = await accounts(
      [
        'create',
        '--email',
        'Olivia@Harbor.example',
        '--name',
        'Olivia  van Dijk',
        '--role',
        'admin',
        '--new-organization',
        'Harbor Advisors',
      ],
      password,
    )
    expect(code, err).toBe(EXIT.ok)
    expect(out).toContain('admin of Harbor Advisors (harbor-advisors)')
    expect(out).toContain('https://planner.example.com/login')
    expect(out + err).not.toContain(password)

    const response = await obtain('olivia@harbor.example', password)
    expect(response.status).toBe(200)
    const session = (await response.json()) as Session
    const me = await api.request('/me/', { token: session.access, org: 'harbor-advisors' })
    expect(await me.json()).toMatchObject({ first_name: 'Olivia', last_name: 'van Dijk', role: 'admin' })

    const events = await auditOf('harbor-advisors', session)
    expect(events.map((event) => event.action).sort()).toEqual(['organization.created', 'user.created'])
    for (const event of events) expect(event.actor).toEqual({ id: null, name: 'Command line', email: '' })
    expect(JSON.stringify(events)).not.toContain(password)
  })

  it('adds a user to an existing organization, named by slug or by name, with the role given', async () => {
    const { code } = await accounts(
      [
        'create',
        '--email',
        'ravi@demo.test',
        '--name',
        'Ravi',
        '--role',
        'analyst',
        '--organization',
        'Demo Advisory Group',
      ],
      'analyst-password',
    )
    expect(code).toBe(EXIT.ok)
    const session = (await (await obtain('ravi@demo.test', 'analyst-password')).json()) as Session
    const me = await api.request('/me/', { token: session.access, org: DEMO })
    expect(await me.json()).toMatchObject({ role: 'analyst' })
    const created = (await auditOf(DEMO, demoAdmin)).find((event) => event.action === 'user.created')
    expect(created).toMatchObject({ target: 'ravi@demo.test', actor: { name: 'Command line' } })
  })

  it.each([
    [
      'a taken e-mail address, in any case',
      ['--email', 'ADMIN@demo.example.com', '--organization', DEMO],
      EXIT.exists,
      'already exists',
    ],
    [
      'an unknown organization',
      ['--email', 'new1@x.test', '--organization', 'nowhere'],
      EXIT.unknown,
      'No organization',
    ],
    [
      'a role that is none of the three',
      ['--email', 'new2@x.test', '--organization', DEMO, '--role', 'owner'],
      EXIT.invalid,
      'Choose one of admin, analyst or member.',
    ],
    [
      'an address that is none',
      ['--email', 'not-an-address', '--organization', DEMO],
      EXIT.invalid,
      'Enter a valid email address.',
    ],
    ['no organization', ['--email', 'new3@x.test'], EXIT.usage, 'Give either --organization'],
    [
      'both kinds of organization',
      ['--email', 'new4@x.test', '--organization', DEMO, '--new-organization', 'X'],
      EXIT.usage,
      'Give either',
    ],
    [
      'a password as an argument',
      ['--email', 'new5@x.test', '--organization', DEMO, '--password', 'hunter22hunter'],
      EXIT.usage,
      'never taken as an argument',
    ],
  ])('refuses %s before asking for a password, and changes nothing', async (_case, options, exit, message) => {
    const users = await userCount()
    const args = [
      'create',
      '--name',
      'Someone',
      ...(options.includes('--role') ? [] : ['--role', 'member']),
      ...options,
    ]
    const result = await accounts(args)
    expect(result.code).toBe(exit)
    expect(result.err).toContain(message)
    expect(result.asked).toBe(false)
    expect(await userCount()).toBe(users)
  })

  it('refuses a password that is too short, and makes no account', async () => {
    const users = await userCount()
    const result = await accounts(
      ['create', '--email', 'short@x.test', '--name', 'S', '--role', 'member', '--organization', DEMO],
      'short',
    )
    expect(result.code).toBe(EXIT.invalid)
    expect(result.err).toContain('This password is too short')
    expect(await userCount()).toBe(users)
  })

  it('refuses an unknown command or stray words with its usage', async () => {
    for (const args of [[], ['promote'], ['list', 'now']]) {
      const result = await accounts(args)
      expect(result.code).toBe(EXIT.usage)
      expect(result.err).toContain('Usage: npm run accounts')
    }
  })
})

describe('npm run accounts: an existing user', () => {
  let session: Session
  beforeAll(async () => {
    await accounts(
      ['create', '--email', 'kim@demo.test', '--name', 'Kim Park', '--role', 'member', '--organization', DEMO],
      'kims-first-password',
    )
    session = (await (await obtain('kim@demo.test', 'kims-first-password')).json()) as Session
  })

  it('resets a password, ending every session the user had open', async () => {
    expect((await api.request('/me/', { token: session.access })).status).toBe(200)
    const { code, out } = await accounts(['reset-password', '--email', 'kim@demo.test'], 'kims-second-password')
    expect(code).toBe(EXIT.ok)
    expect(out).not.toContain('kims-second-password')
    expect((await api.request('/me/', { token: session.access })).status).toBe(401)
    const refresh = await api.request('/token/refresh/', { method: 'POST', json: { refresh: session.refresh } })
    expect(refresh.status).toBe(401)
    expect((await obtain('kim@demo.test', 'kims-first-password')).status).toBe(401)
    expect((await obtain('kim', 'kims-second-password')).status).toBe(200)
    const logged = (await auditOf(DEMO, demoAdmin)).find((event) => event.action === 'user.password_reset')
    expect(logged).toMatchObject({ target: 'kim@demo.test', actor: { id: null, name: 'Command line' } })
  })

  it('disables a user (sessions end, no sign-in) and enables them again, each logged once', async () => {
    const open = (await (await obtain('kim', 'kims-second-password')).json()) as Session
    expect((await accounts(['disable', '--email', 'kim'])).code).toBe(EXIT.ok)
    expect((await api.request('/me/', { token: open.access })).status).toBe(401)
    expect((await obtain('kim', 'kims-second-password')).status).toBe(401)
    expect((await accounts(['disable', '--email', 'kim'])).out).toContain('already disabled')
    expect((await accounts(['list'])).code).toBe(EXIT.ok)

    expect((await accounts(['enable', '--email', 'kim@demo.test'])).code).toBe(EXIT.ok)
    expect((await obtain('kim', 'kims-second-password')).status).toBe(200)
    const actions = (await auditOf(DEMO, demoAdmin)).map((event) => event.action)
    expect(actions.filter((action) => action === 'user.disabled')).toHaveLength(1)
    expect(actions.filter((action) => action === 'user.enabled')).toHaveLength(1)
  })

  it('refuses a user nobody has', async () => {
    for (const command of ['disable', 'enable']) {
      const result = await accounts([command, '--email', 'ghost@nowhere.test'])
      expect(result.code).toBe(EXIT.unknown)
    }
    const reset = await accounts(['reset-password', '--email', 'ghost@nowhere.test'], 'a-good-password')
    expect(reset.code).toBe(EXIT.unknown)
  })

  it('lists every organization with its members and admins', async () => {
    const { code, out } = await accounts(['list'])
    expect(code).toBe(EXIT.ok)
    expect(out).toContain('Demo Advisory Group (demo-advisory-group):')
    expect(out).toContain('admin Alex Morgan <admin@demo.example.com>')
    expect(out).toContain('Harbor Advisors (harbor-advisors): 1 member(s)')
  })
})

describe('npm run accounts -- remove-demo', () => {
  it('removes the demo organization and the demo users, whose password is published', async () => {
    expect((await demoUsersWithDefaultPassword(api.db)).sort()).toEqual(['admin', 'analyst', 'member'])
    // A demo user who joined another organization leaves it, and that organization's log says so.
    const harborAdmin = (await (await obtain('olivia@harbor.example', 'first-admin-password')).json()) as Session
    const [harbor] = await api.db.select().from(organizations).where(eq(organizations.slug, 'harbor-advisors'))
    const [demoAnalyst] = await api.db.select().from(users).where(eq(users.username, 'analyst'))
    await api.db.insert(memberships).values({ organizationId: harbor!.id, userId: demoAnalyst!.id, role: 'member' })

    const { code, out } = await accounts(['remove-demo'])
    expect(code).toBe(EXIT.ok)
    expect(out).toContain('Removed the organization Demo Advisory Group')
    expect(await demoUsersWithDefaultPassword(api.db)).toEqual([])
    expect((await obtain('admin', 'demo-password')).status).toBe(401)
    expect((await api.request('/me/', { token: demoAdmin.access })).status).toBe(401)
    expect(await api.db.select().from(organizations).where(eq(organizations.slug, DEMO))).toEqual([])
    const left = (await auditOf('harbor-advisors', harborAdmin)).find((event) => event.action === 'member.removed')
    expect(left).toMatchObject({ target: 'Riley Chen', actor: { name: 'Command line' } })

    expect((await accounts(['remove-demo'])).out).toContain('There is no demo organization and no demo user.')
  })
})

describe('the accounts script', () => {
  it('works beside the server holding the database, the password read from standard input only', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'accounts-script-'))
    // The embedded database as `npm start` holds it, in this process.
    const held = await openDatabase({ dataDir })
    await held.migrate()
    const password = 'piped-in-password-9f3'
    const script = (args: string[]) =>
      spawn(process.execPath, ['--import', 'tsx', 'scripts/accounts.ts', ...args], {
        env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'production' },
        stdio: ['pipe', 'pipe', 'pipe'],
      })
    const outputOf = (child: ReturnType<typeof script>) => {
      let output = ''
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
      return () => output
    }
    try {
      const child = script([
        'create',
        '--email',
        'ops@example.test',
        '--name',
        'Ops',
        '--role',
        'admin',
        '--new-organization',
        'Ops Org',
      ])
      const output = outputOf(child)
      // Its command line as the process list shows it, read while it waits for standard input.
      await once(child, 'spawn')
      const commandLine = readFileSync(`/proc/${child.pid}/cmdline`, 'utf8')
      child.stdin.end(`${password}\n`)
      const [code] = (await once(child, 'exit')) as [number]
      expect(code, output()).toBe(EXIT.ok)
      expect(output()).toContain('Created ops@example.test (username ops), admin of Ops Org (ops-org).')
      expect(commandLine).toContain('create')
      expect(commandLine + output()).not.toContain(password)
      const [made] = await held.db.select().from(users).where(eq(users.email, 'ops@example.test'))
      expect(made).toMatchObject({ username: 'ops', isActive: true })

      const again = script([
        'create',
        '--email',
        'OPS@example.test',
        '--name',
        'X',
        '--role',
        'member',
        '--organization',
        'ops-org',
      ])
      const refusal = outputOf(again)
      again.stdin.end()
      expect((await once(again, 'exit'))[0]).toBe(EXIT.exists)
      expect(refusal()).toContain('A user with the e-mail address OPS@example.test already exists.')
    } finally {
      await held.close()
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
