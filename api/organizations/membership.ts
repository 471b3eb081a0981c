import { and, asc, eq, type SQL, sql } from 'drizzle-orm'

import type { AppContext } from '../context'
import type { Database } from '../db/database'
import { preparedStatement } from '../db/prepared'
import { memberships, organizations } from '../db/schema'
import { memo } from '../request-scope'

const membershipQuery = (db: Database, where: SQL | undefined, name: string) =>
  db
    .select({ organization: organizations, role: memberships.role })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(where)
    .orderBy(asc(memberships.createdAt), asc(memberships.id))
    .limit(1)
    .prepare(name)

const membershipBySlug = preparedStatement((db) =>
  membershipQuery(
    db,
    and(eq(memberships.userId, sql.placeholder('userId')), eq(organizations.slug, sql.placeholder('slug'))),
    'membership_by_slug',
  ),
)
const firstMembership = preparedStatement((db) =>
  membershipQuery(db, eq(memberships.userId, sql.placeholder('userId')), 'first_membership'),
)

/** The user's membership of the organization named by slug, or of their first organization. */
async function findMembership(db: Database, userId: number, slug?: string | null) {
  const [row] = slug
    ? await membershipBySlug(db).execute({ userId, slug })
    : await firstMembership(db).execute({ userId })
  return row
}

/**
 * The organization a call acts in: the one named (by slug) if the user belongs to it, else the
 * user's first organization, else none. This mirrors the spec's organization context rule.
 */
export async function currentMembership(db: Database, userId: number, slug?: string | null) {
  return (await findMembership(db, userId, slug)) ?? (slug ? findMembership(db, userId) : undefined)
}

export type CurrentMembership = NonNullable<Awaited<ReturnType<typeof currentMembership>>>

/** findMembership for the caller of a call, looked up once per request scope. */
export function callerMembership(c: AppContext, slug?: string | null) {
  return membershipOf(c, c.var.caller.userId, slug)
}

/**
 * findMembership of this user, looked up once per request scope. The caller's check starts it beside
 * the session's (`requireCaller`), for the organization the X-Organization header names: a page's
 * calls all read it, and asked together the two lookups cost one round trip to the database.
 */
export const membershipOf = (c: AppContext, userId: number, slug?: string | null) =>
  memo(c, `membership:${userId}:${slug ?? ''}`, () => findMembership(c.var.deps.db, userId, slug))

/** currentMembership for the caller of a call, looked up once per request scope. */
export async function callerCurrentMembership(c: AppContext, slug?: string | null) {
  return (await callerMembership(c, slug)) ?? (slug ? callerMembership(c) : undefined)
}
