import { asc, eq, inArray, or, sql } from 'drizzle-orm'

import { type AuditEntry, personName, recordOperatorEvent } from '../audit/service'
import { hashPassword } from '../auth/passwords'
import { findUserByLogin, freeUsername } from '../auth/service'
import { endSessions } from '../auth/sessions'
import { giveSampleTemplates } from '../conversation-templates/seed'
import type { Database } from '../db/database'
import { memberships, organizations, type Role, users } from '../db/schema'
import type { Clock } from '../kernel/context'
import { uniqueSlug } from '../organizations/service'
import { DEMO_ORGANIZATION, DEMO_USERS } from '../seed'

/** What an operator's command needs: the database and the clock its audit events are dated by. */
export interface OperatorContext {
  db: Database
  clock: Clock
}

/** Why a command was refused; the command line turns each into its own exit code. */
export type RefusalKind = 'invalid' | 'exists' | 'unknown'

export class AccountRefusal extends Error {
  constructor(
    readonly kind: RefusalKind,
    message: string,
  ) {
    super(message)
  }
}

export interface NewAccount {
  email: string
  name: string
  role: Role
  password: string
  /** An existing organization, by slug or by name. */
  organization?: string
  /** A new organization's name, made with the account as its first member. */
  newOrganization?: string
}

async function findOrganization(db: Database, wanted: string) {
  const rows = await db
    .select()
    .from(organizations)
    .where(
      or(eq(organizations.slug, wanted.toLowerCase()), eq(sql`lower(${organizations.name})`, wanted.toLowerCase())),
    )
    .orderBy(asc(organizations.id))
  if (rows.length > 1) {
    const slugs = rows.map((row) => row.slug).join(', ')
    throw new AccountRefusal('invalid', `Several organizations are called "${wanted}"; name one by its slug: ${slugs}.`)
  }
  if (!rows[0]) throw new AccountRefusal('unknown', `No organization has the slug or name "${wanted}".`)
  return rows[0]
}

async function findUser(db: Database, login: string) {
  const user = await findUserByLogin(db, login)
  if (!user) throw new AccountRefusal('unknown', `No user has the e-mail address or username "${login}".`)
  return user
}

const splitName = (name: string) => {
  const [first = '', ...rest] = name.trim().split(/\s+/)
  return { firstName: first, lastName: rest.join(' ') }
}

/**
 * Refuses an account whose e-mail address is taken or whose organization does not exist; answers
 * the existing organization it joins. Checked before the password is asked for, and again in the
 * transaction that makes it.
 */
export async function creatable(db: Database, input: Omit<NewAccount, 'password'>) {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, input.email.toLowerCase()))
  if (taken) throw new AccountRefusal('exists', `A user with the e-mail address ${input.email} already exists.`)
  return input.newOrganization ? undefined : findOrganization(db, input.organization ?? '')
}

/**
 * An account made by the operator, in an existing organization or a new one, with its password set.
 * The operator vouches for the address, so it counts as confirmed (invitations and Google linking
 * need that).
 */
export async function createAccount({ db, clock }: OperatorContext, input: NewAccount) {
  const passwordHash = await hashPassword(input.password)
  return db.transaction(async (tx) => {
    const existing = await creatable(tx, input)
    const organization = existing ?? (await newOrganization(tx, clock, input.newOrganization!))
    const [user] = await tx
      .insert(users)
      .values({
        email: input.email,
        username: await freeUsername(tx, input.email.split('@')[0] ?? 'user'),
        emailVerified: true,
        passwordHash,
        ...splitName(input.name),
      })
      .returning()
    await tx.insert(memberships).values({ organizationId: organization.id, userId: user!.id, role: input.role })
    await recordOperatorEvent(tx, clock, organization.id, {
      action: 'user.created',
      target: user!.email,
      details: { name: personName(user!), username: user!.username, role: input.role },
    })
    return { user: user!, organization }
  })
}

async function newOrganization(db: Database, clock: Clock, name: string) {
  const [created] = await db
    .insert(organizations)
    .values({ name, slug: await uniqueSlug(db, name) })
    .returning()
  await giveSampleTemplates(db, created!.id)
  await recordOperatorEvent(db, clock, created!.id, {
    action: 'organization.created',
    target: created!.name,
    details: { slug: created!.slug },
  })
  return created!
}

/** Records a change to a user's account in every organization they belong to (decision 019). */
async function recordInTheirOrganizations(db: Database, clock: Clock, userId: number, entry: AuditEntry) {
  const rows = await db
    .select({ organizationId: memberships.organizationId })
    .from(memberships)
    .where(eq(memberships.userId, userId))
  for (const { organizationId } of rows) await recordOperatorEvent(db, clock, organizationId, entry)
}

/** Sets a user's password and ends every session they have open, wherever it was opened. */
export async function resetPassword({ db, clock }: OperatorContext, login: string, password: string) {
  const passwordHash = await hashPassword(password)
  return db.transaction(async (tx) => {
    const user = await findUser(tx, login)
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id))
    await endSessions(tx, user.id, clock.now())
    await recordInTheirOrganizations(tx, clock, user.id, { action: 'user.password_reset', target: user.email })
    return user
  })
}

/**
 * Disables an account (its sessions end, and no sign-in of any kind opens a new one) or enables it
 * again. Doing what is already so changes nothing and logs nothing.
 */
export async function setActive({ db, clock }: OperatorContext, login: string, active: boolean) {
  return db.transaction(async (tx) => {
    const user = await findUser(tx, login)
    if (user.isActive === active) return { user, changed: false }
    await tx.update(users).set({ isActive: active }).where(eq(users.id, user.id))
    if (!active) await endSessions(tx, user.id, clock.now())
    await recordInTheirOrganizations(tx, clock, user.id, {
      action: active ? 'user.enabled' : 'user.disabled',
      target: user.email,
    })
    return { user, changed: true }
  })
}

/** Every organization, oldest first, with its member count and its admins. */
export async function listOrganizations({ db }: OperatorContext) {
  const rows = await db
    .select({ organization: organizations, role: memberships.role, user: users })
    .from(organizations)
    .leftJoin(memberships, eq(memberships.organizationId, organizations.id))
    .leftJoin(users, eq(users.id, memberships.userId))
    .orderBy(asc(organizations.id), asc(memberships.id))
  const listed = new Map<number, { name: string; slug: string; members: number; admins: AdminListing[] }>()
  for (const { organization, role, user } of rows) {
    const entry = listed.get(organization.id) ?? {
      name: organization.name,
      slug: organization.slug,
      members: 0,
      admins: [],
    }
    listed.set(organization.id, entry)
    if (!user) continue
    entry.members++
    if (role === 'admin') entry.admins.push({ name: personName(user), email: user.email, active: user.isActive })
  }
  return [...listed.values()]
}

interface AdminListing {
  name: string
  email: string
  active: boolean
}

/**
 * Removes the demo organization (with everything in it) and the demo users, whose password is
 * known to anyone who read the README. Each organization they leave logs it.
 */
export async function removeDemo({ db, clock }: OperatorContext) {
  return db.transaction(async (tx) => {
    const [organization] = await tx.select().from(organizations).where(eq(organizations.slug, DEMO_ORGANIZATION.slug))
    const demoUsers = await tx
      .select()
      .from(users)
      .where(
        inArray(
          sql`lower(${users.email})`,
          DEMO_USERS.map((demo) => demo.email),
        ),
      )
    if (organization) {
      await recordOperatorEvent(tx, clock, organization.id, {
        action: 'organization.deleted',
        target: organization.name,
        details: { slug: organization.slug },
      })
      await tx.delete(organizations).where(eq(organizations.id, organization.id))
    }
    for (const user of demoUsers) {
      await recordInTheirOrganizations(tx, clock, user.id, { action: 'member.removed', target: personName(user) })
    }
    if (demoUsers.length)
      await tx.delete(users).where(
        inArray(
          users.id,
          demoUsers.map((user) => user.id),
        ),
      )
    return { organization: organization?.name ?? null, users: demoUsers.map((user) => user.username) }
  })
}
