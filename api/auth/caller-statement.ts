import { and, asc, desc, eq, exists, getTableColumns, isNull, type SQL, sql } from 'drizzle-orm'

import type { Database } from '../db/database'
import { preparedStatement } from '../db/prepared'
import { memberships, organizations, refreshTokens, users } from '../db/schema'
import { unauthorized } from '../kernel/http-error'
import type { CurrentMembership } from './membership'
import { MEMBERSHIPS_LISTED } from './membership'
import { accountNoticeColumns } from './notice-columns'
import type { AccessClaims } from './tokens'

/** What the user is waiting on, which only their own profile shows (`accountNoticeColumns`). */
export interface AccountNotices {
  pendingEmail: string | null
  pendingInvitations: number
}

/**
 * The caller in one statement: their session still open, their account, their memberships (the
 * current one first, as `userMemberships` orders them) and, for a page's profile, their notices. Every
 * call of a page needs the first three and its frame the fourth; asked apart they were three
 * statements a page (issue 49). The memberships are a lateral join, one row each (a user with none
 * still has their row); the notices are asked only when `withNotices` built the statement.
 */
function callerStatement(db: Database, withNotices: boolean, name: string) {
  const current = db
    .select({
      // Flat: a subquery's columns are named for themselves, and a nested table is not aliased.
      ...organizationColumns,
      role: memberships.role,
      ordinal: sql<number>`row_number() over (order by ${sql.join(membershipOrder(), sql`, `)})`.as('ordinal'),
    })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(memberships.userId, users.id))
    .orderBy(...membershipOrder())
    // One more than are listed tells whether there are more.
    .limit(MEMBERSHIPS_LISTED + 1)
    .as('current')
  const notices = withNotices
    ? accountNoticeColumns(db)
    : { pendingEmail: sql<null>`null`, pendingInvitations: sql<null>`null` }
  return db
    .select({
      user: users,
      organization: Object.fromEntries(
        Object.keys(organizationColumns).map((key) => [key, current[key as keyof typeof organizationColumns]]),
      ) as { [K in keyof typeof organizationColumns]: (typeof current)[K] },
      role: current.role,
      ...notices,
    })
    .from(users)
    .leftJoinLateral(current, sql`true`)
    .where(
      and(
        eq(users.id, sql.placeholder('userId')),
        eq(users.isActive, true),
        exists(
          db
            .select({ open: sql`1` })
            .from(refreshTokens)
            .where(
              and(
                eq(refreshTokens.familyId, sql.placeholder('familyId')),
                eq(refreshTokens.userId, users.id),
                isNull(refreshTokens.revokedAt),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(current.ordinal))
    .prepare(name)
}

const organizationColumns = getTableColumns(organizations)

/** The order of `userMemberships`: the organization the slug names, the one last chosen, the oldest. */
const membershipOrder = (): SQL[] => [
  desc(sql`${organizations.slug} = ${sql.placeholder('slug')}`),
  desc(sql`${organizations.id} is not distinct from ${users.lastOrganizationId}`),
  asc(memberships.createdAt),
  asc(memberships.id),
]

const withoutNotices = preparedStatement((db) => callerStatement(db, false, 'caller'))
const withNotices = preparedStatement((db) => callerStatement(db, true, 'caller_with_notices'))

export interface ResolvedCaller {
  user: typeof users.$inferSelect
  memberships: CurrentMembership[]
  /** Present when asked for. */
  notices?: AccountNotices
}

/**
 * The account of an access token whose session is still open, with its memberships for the
 * organization `slug` names, or a refusal: the session's refresh-token family was revoked (sign-out,
 * password change, replay) or the account deactivated.
 */
export async function resolveCaller(
  db: Database,
  claims: AccessClaims,
  slug: string | null | undefined,
  { notices }: { notices: boolean },
): Promise<ResolvedCaller> {
  const statement = (notices ? withNotices : withoutNotices)(db)
  // Slugs are never empty, so '' names no organization.
  const rows = await statement.execute({ userId: claims.userId, familyId: claims.familyId, slug: slug ?? '' })
  const [first] = rows
  if (!first) throw unauthorized('This session has ended. Please sign in again.', 'token_not_valid')
  return {
    user: first.user,
    // A user without memberships has one row, its membership columns null.
    memberships: rows.flatMap(({ organization, role }) => (organization && role ? [{ organization, role }] : [])),
    notices: notices
      ? { pendingEmail: first.pendingEmail ?? null, pendingInvitations: Number(first.pendingInvitations ?? 0) }
      : undefined,
  }
}
