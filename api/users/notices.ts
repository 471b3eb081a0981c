import { and, eq, gt, sql } from 'drizzle-orm'

import type { Database } from '../db/database'
import { preparedStatement } from '../db/prepared'
import { emailConfirmations, invitations, users } from '../db/schema'

/**
 * What the user is waiting on, for every page's profile in one statement: the new address waiting
 * for its confirmation link, and how many open invitations name their address. Invitations count only
 * once the address is proven theirs (as `listMyInvitations` lists them).
 */
const noticesQuery = preparedStatement((db) =>
  db
    .select({
      pendingEmail: sql<string | null>`(${db
        .select({ email: emailConfirmations.email })
        .from(emailConfirmations)
        .where(and(eq(emailConfirmations.userId, users.id), gt(emailConfirmations.expiresAt, sql`now()`)))})`,
      pendingInvitations: sql<number>`case when ${users.emailVerified} then (${db
        .select({ count: sql`count(*)::int` })
        .from(invitations)
        .where(
          and(
            eq(sql`lower(${invitations.email})`, sql`lower(${users.email})`),
            eq(invitations.status, 'pending'),
            gt(invitations.expiresAt, sql`now()`),
          ),
        )}) else 0 end`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('account_notices'),
)

export async function accountNotices(db: Database, userId: number) {
  const [row] = await noticesQuery(db).execute({ userId })
  return { pendingEmail: row?.pendingEmail ?? null, pendingInvitations: Number(row?.pendingInvitations ?? 0) }
}
