import { count, inArray, sql } from 'drizzle-orm'

import { log } from '../runtime/log'
import { hashPassword, verifyPassword } from './auth/passwords'
import { giveSampleTemplates } from './conversation-templates/seed'
import type { Database } from './db/database'
import { memberships, organizations, type Role, users } from './db/schema'
import { DEFAULT_DEMO_PASSWORD } from './kernel/config'
import { giveSampleMeetings } from './transcriptions/seed'

export const DEMO_ORGANIZATION = {
  name: 'Demo Advisory Group',
  slug: 'demo-advisory-group',
  description: 'A sample advisory practice planning the sale of a family-owned manufacturer.',
  website: 'https://example.com',
}

export const DEMO_USERS: ReadonlyArray<{
  username: string
  email: string
  role: Role
  firstName: string
  lastName: string
}> = [
  { username: 'admin', email: 'admin@demo.example.com', role: 'admin', firstName: 'Alex', lastName: 'Morgan' },
  { username: 'analyst', email: 'analyst@demo.example.com', role: 'analyst', firstName: 'Riley', lastName: 'Chen' },
  { username: 'member', email: 'member@demo.example.com', role: 'member', firstName: 'Sam', lastName: 'Patel' },
]

/** Any fixed number: the key of the lock that instances starting together seed under, one at a time. */
const SEED_LOCK = 2_026_112_519

/**
 * Seeds the demo organization into an empty database; a database with any user is left alone. The
 * emptiness is read under a lock inside the seeding transaction, so of several instances starting
 * together against one PostgreSQL only the first seeds.
 */
export async function seedDemo(db: Database, password: string): Promise<boolean> {
  const [row] = await db.select({ users: count() }).from(users)
  if ((row?.users ?? 0) > 0) return false
  const passwordHash = await hashPassword(password)
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`)
    const [again] = await tx.select({ users: count() }).from(users)
    if ((again?.users ?? 0) > 0) return false
    const [organization] = await tx.insert(organizations).values(DEMO_ORGANIZATION).returning()
    for (const demo of DEMO_USERS) {
      const [user] = await tx
        .insert(users)
        .values({
          username: demo.username,
          email: demo.email,
          emailVerified: true,
          firstName: demo.firstName,
          lastName: demo.lastName,
          passwordHash,
        })
        .returning()
      await tx.insert(memberships).values({ organizationId: organization!.id, userId: user!.id, role: demo.role })
    }
    await giveSampleTemplates(tx, organization!.id)
    await giveSampleMeetings(tx, organization!.id, new Date())
    return true
  })
}

export function describeDemoSignIns(password: string) {
  const rows = DEMO_USERS.map(
    (demo) => `  ${demo.role.padEnd(8)} ${demo.username.padEnd(8)} or ${demo.email}  password: ${password}`,
  )
  return [`Demo organization "${DEMO_ORGANIZATION.name}" sign-ins:`, ...rows].join('\n')
}

/** The demo users still there whose password is the published default: anyone can sign in as them. */
export async function demoUsersWithDefaultPassword(db: Database) {
  const rows = await db
    .select({ username: users.username, passwordHash: users.passwordHash, isActive: users.isActive })
    .from(users)
    .where(
      inArray(
        sql`lower(${users.email})`,
        DEMO_USERS.map((demo) => demo.email),
      ),
    )
  const open = await Promise.all(
    rows.map(async (row) => row.isActive && (await verifyPassword(row.passwordHash, DEFAULT_DEMO_PASSWORD))),
  )
  return rows.filter((_row, index) => open[index]).map((row) => row.username)
}

/** Said at every start of a production server until the demo users are gone or their password changed. */
export async function warnOfDemoPassword(db: Database) {
  const open = await demoUsersWithDefaultPassword(db)
  if (!open.length) return
  log.warn(
    { users: open },
    `the demo users ${open.join(', ')} sign in with the published default password: remove them with \`npm run accounts -- remove-demo\` (docs/deploying.md)`,
  )
}
