import { and, asc, count, eq, ne, sql } from 'drizzle-orm'
import type { z } from 'zod'

import { personName, recordEvent } from '../audit/service'
import type { Database } from '../db/database'
import { preparedStatement } from '../db/prepared'
import { memberships, organizations, type Role, users } from '../db/schema'
import type { Caller, Deps, OrgCaller } from '../kernel/context'
import { HttpError, notFound } from '../kernel/http-error'
import { describeOrganization, type MemberPayload, type MemberRolePayload, ROLE_DISPLAY } from './contract'
import { admitOrganizationCreation } from './creation-limit'
import type { CreateOrganizationSchema, UpdateOrganizationSchema } from './schema'

/**
 * An organization's member count, for a select over organizations (the membership key's index counts
 * it). The outer column is spelled out: drizzle leaves a column of a one-table select unqualified,
 * and "id" would then name the membership's own.
 */
export const membersCount = sql<number>`(select count(*) from ${memberships} m
  where m.organization_id = "organizations"."id")`.mapWith(Number)

const myOrganizations = preparedStatement((db) =>
  db
    .select({ organization: organizations, role: memberships.role, membersCount })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(memberships.userId, sql.placeholder('userId')))
    .orderBy(asc(memberships.createdAt), asc(memberships.id))
    .prepare('my_organizations'),
)

/** The caller's organizations, oldest membership first (the default current organization). */
export async function listMyOrganizations({ db }: Deps, caller: Caller) {
  const rows = await myOrganizations(db).execute({ userId: caller.userId })
  return rows.map((row) => describeOrganization(row.organization, row.membersCount, row.role))
}

const organizationById = preparedStatement((db) =>
  db
    .select({ organization: organizations, membersCount })
    .from(organizations)
    .where(eq(organizations.id, sql.placeholder('id')))
    .prepare('organization_by_id'),
)

export async function getOrganization({ db }: Deps, caller: OrgCaller) {
  const [row] = await organizationById(db).execute({ id: caller.organizationId })
  if (!row) throw notFound()
  return describeOrganization(row.organization, row.membersCount, caller.role)
}

function slugify(name: string) {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
    .replace(/-+$/, '')
  return base || 'organization'
}

export async function uniqueSlug(db: Database, name: string) {
  const base = slugify(name)
  const taken = await db
    .select({ slug: organizations.slug })
    .from(organizations)
    .where(sql`${organizations.slug} = ${base} or ${organizations.slug} like ${`${base}-%`}`)
  const used = new Set(taken.map((row) => row.slug))
  if (!used.has(base)) return base
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`
}

/**
 * Creates an organization, logged as its first event; its creator becomes its first admin. Past the
 * creator's allowance of organizations a day it is refused (429).
 */
export async function createOrganization(deps: Deps, caller: Caller, input: z.infer<typeof CreateOrganizationSchema>) {
  const { db, clock } = deps
  const organization = await db.transaction(async (tx) => {
    await admitOrganizationCreation(tx, deps, caller)
    const [created] = await tx
      .insert(organizations)
      .values({
        name: input.name,
        slug: await uniqueSlug(tx, input.name),
        description: input.description ?? '',
        website: input.website ?? '',
      })
      .returning()
    await tx.insert(memberships).values({ organizationId: created!.id, userId: caller.userId, role: 'admin' })
    await deps.furnishOrganization(tx, created!.id)
    await recordEvent(tx, clock, caller, created!.id, {
      action: 'organization.created',
      target: created!.name,
      details: { slug: created!.slug },
    })
    return created!
  })
  return describeOrganization(organization, 1, 'admin')
}

const UPDATABLE = ['name', 'description', 'website', 'logo'] as const

/** Edits the organization; the fields that really changed are logged with their old and new values. */
export async function updateOrganization(
  deps: Deps,
  caller: OrgCaller,
  changes: z.infer<typeof UpdateOrganizationSchema>,
) {
  await deps.db.transaction(async (tx) => {
    const db = tx
    const [before] = await lockOrganization(db, caller)
    if (!before) throw notFound()
    const [after] = await db
      .update(organizations)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(organizations.id, caller.organizationId))
      .returning()
    const changed = Object.fromEntries(
      UPDATABLE.filter((field) => before[field] !== after![field]).map((field) => [
        field,
        { from: before[field], to: after![field] },
      ]),
    )
    if (Object.keys(changed).length === 0) return
    await recordEvent(db, deps.clock, caller, caller.organizationId, {
      action: 'organization.updated',
      target: after!.name,
      details: { changes: changed },
    })
  })
  return getOrganization(deps, caller)
}

/**
 * Deletes the organization and everything it holds. Its audit log stays (decision 019), ending with
 * this deletion: who did it, and the name and slug the organization had.
 */
export async function deleteOrganization({ db, clock }: Deps, caller: OrgCaller) {
  await db.transaction(async (tx) => {
    const [organization] = await lockOrganization(tx, caller)
    if (!organization) throw notFound()
    await recordEvent(tx, clock, caller, caller.organizationId, {
      action: 'organization.deleted',
      target: organization.name,
      details: { slug: organization.slug },
    })
    await tx.delete(organizations).where(eq(organizations.id, caller.organizationId))
  })
}

const membersQuery = (db: Database, caller: OrgCaller) =>
  db
    .select({ membership: memberships, user: users })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.organizationId, caller.organizationId))
    .orderBy(asc(memberships.createdAt), asc(memberships.id))

type MemberRow = Awaited<ReturnType<typeof membersQuery>>[number]

const describeMember = ({ membership, user }: MemberRow): MemberPayload => ({
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
})

/** The members, oldest first. */
export async function listMembers({ db }: Deps, caller: OrgCaller) {
  return (await membersQuery(db, caller)).map(describeMember)
}

const membersPreview = preparedStatement((db) =>
  db
    .select({ membership: memberships, user: users, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.organizationId, sql.placeholder('organizationId')))
    .orderBy(asc(memberships.createdAt), asc(memberships.id))
    .limit(sql.placeholder('limit'))
    .prepare('members_preview'),
)

/** The first few members and how many there are in all, in one statement. */
export async function previewMembers({ db }: Deps, caller: OrgCaller, limit: number) {
  const rows = await membersPreview(db).execute({ organizationId: caller.organizationId, limit })
  return { members: rows.map(describeMember), count: rows[0]?.total ?? 0 }
}

const LAST_ADMIN = 'An organization needs at least one admin: make another member admin first.'

/**
 * Changes to one organization run one at a time, so two demotions can't leave it without an admin
 * (and an edit's logged "before" is what it changed). Answers the organization as it is.
 */
function lockOrganization(db: Database, caller: OrgCaller) {
  return db.select().from(organizations).where(eq(organizations.id, caller.organizationId)).for('update')
}

/** The member's membership, and who they are as the audit log names them. */
async function findMembership(db: Database, caller: OrgCaller, userId: number) {
  const [row] = await db
    .select({
      membership: memberships,
      user: { firstName: users.firstName, lastName: users.lastName, username: users.username, email: users.email },
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, caller.organizationId), eq(memberships.userId, userId)))
  if (!row) throw new HttpError(404, { detail: 'This user is not a member of the organization.' })
  return { ...row.membership, user: row.user }
}

async function otherAdmins(db: Database, caller: OrgCaller, userId: number) {
  const [row] = await db
    .select({ admins: count() })
    .from(memberships)
    .where(
      and(
        eq(memberships.organizationId, caller.organizationId),
        eq(memberships.role, 'admin'),
        ne(memberships.userId, userId),
      ),
    )
  return row?.admins ?? 0
}

export async function removeMember({ db, clock }: Deps, caller: OrgCaller, userId: number) {
  await db.transaction(async (tx) => {
    await lockOrganization(tx, caller)
    const membership = await findMembership(tx, caller, userId)
    if (membership.role === 'admin' && (await otherAdmins(tx, caller, userId)) === 0) {
      throw new HttpError(400, { detail: LAST_ADMIN })
    }
    await tx.delete(memberships).where(eq(memberships.id, membership.id))
    await recordEvent(tx, clock, caller, caller.organizationId, {
      action: 'member.removed',
      target: personName(membership.user),
      details: { user_id: userId, email: membership.user.email, role: membership.role },
    })
  })
}

/** Changes a member's role; a change to the role they already have changes nothing and logs nothing. */
export async function updateMemberRole({ db, clock }: Deps, caller: OrgCaller, userId: number, role: Role) {
  return db.transaction(async (tx) => {
    await lockOrganization(tx, caller)
    const membership = await findMembership(tx, caller, userId)
    if (membership.role === 'admin' && role !== 'admin' && (await otherAdmins(tx, caller, userId)) === 0) {
      throw new HttpError(400, { detail: LAST_ADMIN })
    }
    const [updated] = await tx.update(memberships).set({ role }).where(eq(memberships.id, membership.id)).returning()
    if (membership.role !== role) {
      await recordEvent(tx, clock, caller, caller.organizationId, {
        action: 'member.role_changed',
        target: personName(membership.user),
        details: { user_id: userId, email: membership.user.email, from: membership.role, to: role },
      })
    }
    const changed: MemberRolePayload = {
      id: updated!.id,
      role: updated!.role,
      role_display: ROLE_DISPLAY[updated!.role],
      user_id: userId,
    }
    return changed
  })
}

declare module '../kernel/context' {
  interface Deps {
    /**
     * Gives an organization made through the API what a new one starts with (the sample templates),
     * in the transaction that makes it: backend.ts says what, so organizations/ names no feature.
     */
    furnishOrganization(tx: Database, organizationId: number): Promise<unknown>
  }
}
