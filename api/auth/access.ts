import { createMiddleware } from 'hono/factory'

import { noteCaller } from '../../runtime/log'
import type { Role } from '../db/schema'
import type { Caller, Deps, OrgCaller } from '../kernel/context'
import type { AppContext, AppEnv } from '../kernel/hono-env'
import { forbidden, notFound } from '../kernel/http-error'
import { callerMembership, type CurrentMembership, currentMembership } from './membership'

/** The organization slug of a path; slugs are made of lowercase letters, digits and dashes (slugify), so anything else names no organization. */
export function slugParam<E extends AppEnv>(c: AppContext<E>) {
  const value = c.req.param('slug') ?? ''
  if (!/^[a-z0-9-]{1,100}$/.test(value)) throw notFound()
  return value
}

function asMember(caller: Caller, { organization, role }: CurrentMembership) {
  noteCaller({ organizationId: organization.id })
  return { organization, caller: { ...caller, organizationId: organization.id, role } satisfies OrgCaller }
}

/** The caller inside an organization named by slug; a non-member gets 404, as if it did not exist. */
export async function requireMember({ db }: Deps, caller: Caller, slug: string) {
  const row = await currentMembership(db, caller.userId, slug)
  if (row?.organization.slug !== slug) throw notFound()
  return asMember(caller, row)
}

/** requireMember for the caller of a call, looked up once per request scope. */
export async function requireCallerMember<E extends AppEnv>(c: AppContext<E>, slug: string) {
  const row = await callerMembership(c, slug)
  if (!row) throw notFound()
  return asMember(c.get('caller'), row)
}

/** Admins pass every role check (spec §6). */
export function requireRole(caller: OrgCaller, roles: Role[]) {
  if (caller.role !== 'admin' && !roles.includes(caller.role)) throw forbidden()
}

/** The caller as an admin of the organization the path's slug names: its other members get 403, anyone else 404. */
export async function requireCallerAdmin(c: AppContext) {
  const { caller } = await requireCallerMember(c, slugParam(c))
  requireRole(caller, ['admin'])
  return caller
}

/**
 * The organization of a call without a slug in its path: the one the X-Organization header names
 * (404 if the caller is not a member), else the caller's first organization (404 if none).
 */
export async function requireCurrentOrganization<E extends AppEnv>(c: AppContext<E>) {
  const headerSlug = c.req.header('x-organization')
  if (headerSlug) return requireCallerMember(c, headerSlug)
  const row = await callerMembership(c)
  if (!row) throw notFound('You do not belong to any organization.')
  return asMember(c.get('caller'), row)
}

export type Member = Awaited<ReturnType<typeof requireCurrentOrganization>>

/** What a route below `currentMember` reads: the caller in their current organization. */
export type MemberEnv = AppEnv & { Variables: { member: Member } }
export type MemberContext = AppContext<MemberEnv>

/**
 * Resolves the caller's current organization before a route runs, so a route reads
 * `c.get('member')` and a non-member is turned away before any parameter or body is read.
 */
export const currentMember = createMiddleware<MemberEnv>(async (c, next) => {
  c.set('member', await requireCurrentOrganization(c))
  await next()
})

/**
 * The same for a route whose path names the organization (`/organizations/:slug/…`): the caller's
 * membership of it, resolved before the route runs; a non-member gets 404.
 */
export const slugMember = createMiddleware<MemberEnv>(async (c, next) => {
  c.set('member', await requireCallerMember(c, slugParam(c)))
  await next()
})
