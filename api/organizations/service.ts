import { asc, eq } from 'drizzle-orm'
import type { Deps, OrgCaller } from '../context'
import { memberships, users } from '../db/schema'

const ROLE_DISPLAY = { admin: 'Administrator', analyst: 'Analyst', member: 'Member' } as const

export async function listMembers({ db }: Deps, caller: OrgCaller) {
  const rows = await db
    .select({ membership: memberships, user: users })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.organizationId, caller.organizationId))
    .orderBy(asc(memberships.createdAt), asc(memberships.id))
  return rows.map(({ membership, user }) => ({
    id: membership.id,
    role: membership.role,
    role_display: ROLE_DISPLAY[membership.role],
    joined_at: membership.createdAt.toISOString(),
    user: {
      id: user.id,
      email: user.email,
      username: user.username,
      first_name: user.firstName,
      last_name: user.lastName,
      last_login: user.lastLogin?.toISOString() ?? null,
    },
  }))
}
