import { eq, sql } from 'drizzle-orm'

import { accountNoticeColumns } from '../auth/notice-columns'
import type { Database } from '../db/database'
import { preparedStatement } from '../db/prepared'
import { users } from '../db/schema'

// The notices alone, for a profile made after a change (an organization chosen, the profile edited).
const noticesQuery = preparedStatement((db) =>
  db
    .select(accountNoticeColumns(db))
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('account_notices'),
)

export async function accountNotices(db: Database, userId: number) {
  const [row] = await noticesQuery(db).execute({ userId })
  return { pendingEmail: row?.pendingEmail ?? null, pendingInvitations: Number(row?.pendingInvitations ?? 0) }
}
