import { and, eq } from 'drizzle-orm'

import type { Caller, Deps, OrgCaller } from '../context'
import { memberships, organizations, type Role } from '../db/schema'
import { forbidden, notFound } from '../http-error'
import { currentMembership } from './membership'

/** The caller inside an organization named by slug; a non-member gets 404, as if it did not exist. */
export async function requireMember({ db }: Deps, caller: Caller, slug: string) {
  const [row] = await db
    .select({ organization: organizations, role: memberships.role })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(and(eq(memberships.userId, caller.userId), eq(organizations.slug, slug)))
    .limit(1)
  if (!row) throw notFound()
  const orgCaller: OrgCaller = { ...caller, organizationId: row.organization.id, role: row.role }
  return { organization: row.organization, caller: orgCaller }
}

/** Admins pass every role check (spec §6). */
export function requireRole(caller: OrgCaller, roles: Role[]) {
  if (caller.role !== 'admin' && !roles.includes(caller.role)) throw forbidden()
}

/**
 * The organization of a call without a slug in its path: the one the X-Organization header names
 * (404 if the caller is not a member), else the caller's first organization (404 if none).
 */
export async function requireCurrentOrganization(deps: Deps, caller: Caller, headerSlug: string | undefined) {
  if (headerSlug) return requireMember(deps, caller, headerSlug)
  const current = await currentMembership(deps.db, caller.userId)
  if (!current) throw notFound('You do not belong to any organization.')
  return requireMember(deps, caller, current.organization.slug)
}
