import { and, asc, eq } from 'drizzle-orm'

import type { Database } from '../db/client'
import { memberships, organizations } from '../db/schema'

/**
 * The organization a call acts in: the one named (by slug) if the user belongs to it, else the
 * user's first organization, else none. This mirrors the spec's organization context rule.
 */
export async function currentMembership(db: Database, userId: number, slug?: string | null) {
  const rows = await db
    .select({ organization: organizations, role: memberships.role })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(slug ? and(eq(memberships.userId, userId), eq(organizations.slug, slug)) : eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt), asc(memberships.id))
    .limit(1)
  if (rows[0] || !slug) return rows[0]
  return currentMembership(db, userId)
}

export type CurrentMembership = NonNullable<Awaited<ReturnType<typeof currentMembership>>>
