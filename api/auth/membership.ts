import { and, asc, desc, eq, type Placeholder, sql } from 'drizzle-orm'

import type { Database } from '../db/database'
import { preparedStatement } from '../db/prepared'
import { memberships, organizations, users } from '../db/schema'
import type { AppContext, AppEnv } from '../kernel/hono-env'
import { memo } from '../kernel/request-scope'

/** How many of a user's organizations one lookup reads: the header's switcher lists these, and links to the rest. */
export const MEMBERSHIPS_LISTED = 20

/**
 * The user's memberships, the one to act in first: the organization named by slug, else the one the
 * user last chose, else the oldest. One statement serves the organization check of every call and
 * the switcher every page shows.
 */
const membershipsOfUser = preparedStatement((db) =>
  db
    .select({ organization: organizations, role: memberships.role })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.userId, sql.placeholder('userId')))
    .orderBy(
      desc(sql`${organizations.slug} = ${sql.placeholder('slug')}`),
      desc(sql`${organizations.id} is not distinct from ${users.lastOrganizationId}`),
      asc(memberships.createdAt),
      asc(memberships.id),
    )
    // One more than are listed tells whether there are more.
    .limit(MEMBERSHIPS_LISTED + 1)
    .prepare('user_memberships'),
)

export type CurrentMembership = Awaited<ReturnType<ReturnType<typeof membershipsOfUser>['execute']>>[number]

/** The user's memberships, the current one first (see membershipsOfUser). */
export const userMemberships = (db: Database, userId: number, slug?: string | null) =>
  // Slugs are never empty, so '' names no organization.
  membershipsOfUser(db).execute({ userId, slug: slug ?? '' })

/** The membership a slug names (undefined when the user is not a member), or without one the user's current. */
function named(rows: CurrentMembership[], slug?: string | null) {
  const [first] = rows
  return !slug || first?.organization.slug === slug ? first : undefined
}

/**
 * The organization a call acts in: the one named (by slug) if the user belongs to it, else the one
 * they last chose, else their first, else none: the spec's organization context rule.
 */
export async function currentMembership(db: Database, userId: number, slug?: string | null) {
  return (await userMemberships(db, userId, slug))[0]
}

/**
 * The user's memberships, looked up once per request scope. The caller's check finds them with the
 * session (`requireCaller`), for the organization the X-Organization header names, and keeps them
 * here: a page's calls all read them.
 */
export const membershipsOf = <E extends AppEnv>(
  c: AppContext<E>,
  userId: number,
  slug?: string | null,
  /** Found already (by the caller's statement): kept for the scope instead of asked for. */
  known?: CurrentMembership[],
) =>
  memo(c, `memberships:${userId}:${slug ?? ''}`, () =>
    known ? Promise.resolve(known) : userMemberships(c.get('deps').db, userId, slug),
  )

/** The caller's membership of the organization named by slug (or their current one), looked up once per request scope. */
export const callerMembership = async <E extends AppEnv>(c: AppContext<E>, slug?: string | null) =>
  named(await membershipsOf(c, c.get('caller').userId, slug), slug)

/** The caller's memberships, the current one first, looked up once per request scope. */
export const callerMemberships = <E extends AppEnv>(c: AppContext<E>, slug?: string | null) =>
  membershipsOf(c, c.get('caller').userId, slug)

/**
 * An organization's members with their names and roles, by name (or the one member `userId` names,
 * or none): whom a checklist item or a task may be given to.
 */
export function organizationMembers(db: Database, organizationId: number | Placeholder, userId?: number) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      role: memberships.role,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        userId === undefined ? undefined : eq(memberships.userId, userId),
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.username))
}

/** Every member of an organization, by name: built once per database, for the pages that list them. */
export const allMembers = preparedStatement((db) =>
  organizationMembers(db, sql.placeholder('organizationId')).prepare('organization_members'),
)
