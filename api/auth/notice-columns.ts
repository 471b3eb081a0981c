import { and, eq, gt, sql } from 'drizzle-orm'

import type { Database } from '../db/database'
import { emailConfirmations, invitations, users } from '../db/schema'

/**
 * What the user is waiting on, as columns of a statement that reads `users`: the new address waiting
 * for its confirmation link, and how many open invitations name their address. Invitations count only
 * once the address is proven theirs (as `listMyInvitations` lists them).
 */
export const accountNoticeColumns = (db: Database) => ({
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
