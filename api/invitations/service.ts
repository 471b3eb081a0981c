import { createHash, randomBytes } from 'node:crypto'

import { and, count, desc, eq, gt, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'

import { log } from '../../runtime/log'
import { type AuditEntry, discardEvents, recordEvent } from '../audit/service'
import { requireMember, requireRole } from '../auth/access'
import { hashPassword } from '../auth/passwords'
import { signIn } from '../auth/service'
import type { Database } from '../db/database'
import { invitations, memberships, organizations, type Role, users } from '../db/schema'
import type { Caller, Deps, OrgCaller } from '../kernel/context'
import { badRequest, forbidden, HttpError, notFound } from '../kernel/http-error'
import { ROLE_DISPLAY } from '../organizations/contract'
import { membersCount } from '../organizations/service'
import { loadCaller } from '../users/service'
import type {
  InvitationPayload,
  InvitationPreviewPayload,
  JoinedPayload,
  NewAccountPayload,
  RespondPayload,
} from './contract'
import { invitationMail } from './mail'

const STATUS_DISPLAY = {
  pending: 'Pending',
  accepted: 'Accepted',
  declined: 'Declined',
  cancelled: 'Cancelled',
} as const

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

const inviter = alias(users, 'inviter')

/** Invitations with their organization, its member count and the inviter, in the spec's shape. */
export async function selectInvitations(db: Database, where: ReturnType<typeof and>): Promise<InvitationPayload[]> {
  const rows = await db
    .select({
      invitation: invitations,
      organization: organizations,
      inviter: {
        firstName: inviter.firstName,
        lastName: inviter.lastName,
        username: inviter.username,
        email: inviter.email,
      },
      membersCount,
    })
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .leftJoin(inviter, eq(inviter.id, invitations.invitedById))
    .where(where)
    .orderBy(desc(invitations.createdAt), desc(invitations.id))
  const now = Date.now()
  return rows.map(({ invitation, organization, inviter: by, membersCount }) => ({
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    role_display: ROLE_DISPLAY[invitation.role],
    status: invitation.status,
    status_display:
      invitation.status === 'pending' && invitation.expiresAt.getTime() <= now
        ? 'Expired'
        : STATUS_DISPLAY[invitation.status],
    is_expired: invitation.expiresAt.getTime() <= now,
    created_at: invitation.createdAt.toISOString(),
    expires_at: invitation.expiresAt.toISOString(),
    organization: {
      id: organization.id,
      name: organization.name,
      slug: organization.slug,
      description: organization.description,
      website: organization.website,
      logo: organization.logo,
      members_count: Number(membersCount),
    },
    invited_by: by?.email
      ? { first_name: by.firstName, last_name: by.lastName, username: by.username, email: by.email }
      : null,
  }))
}

async function describeOne(db: Database, invitationId: number) {
  const [one] = await selectInvitations(db, and(eq(invitations.id, invitationId)))
  if (!one) throw notFound()
  return one
}

/**
 * Sends (or re-sends) the e-mail with a fresh link; the previous link stops working. The link and the
 * audit event of the action are stored together; if the e-mail cannot be sent the event is taken back
 * (the action failed), so the log never shows an invitation nobody received.
 */
async function issueLink(deps: Deps, invitationId: number, inviter: OrgCaller, audit: AuditEntry) {
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(Date.now() + deps.config.INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000)
  const [[organization], [sender]] = await Promise.all([
    deps.db.select().from(organizations).where(eq(organizations.id, inviter.organizationId)),
    deps.db.select().from(users).where(eq(users.id, inviter.userId)),
  ])
  const inviterName =
    [sender?.firstName, sender?.lastName].filter(Boolean).join(' ') || sender?.username || 'A colleague'
  const { invitation, eventId } = await deps.db.transaction(async (tx) => {
    const [invitation] = await tx
      .update(invitations)
      .set({ tokenHash: hashToken(token), expiresAt })
      .where(and(eq(invitations.id, invitationId), eq(invitations.organizationId, inviter.organizationId)))
      .returning()
    if (!invitation) throw notFound('Invitation not found.')
    const eventId = await recordEvent(tx, deps.clock, inviter, inviter.organizationId, audit)
    return { invitation, eventId }
  })
  const link = new URL(`/invitations/${token}`, deps.config.APP_URL).toString()
  try {
    await deps.mailer.send(
      invitationMail({
        to: invitation.email,
        organizationName: organization!.name,
        inviterName,
        role: invitation.role,
        link,
        expiresAt,
      }),
    )
  } catch (error) {
    log.error({ err: error }, 'invitation e-mail failed')
    await discardEvents(deps.db, [eventId])
    throw new HttpError(503, { detail: 'The invitation e-mail could not be sent. Please try again.' })
  }
}

/** Invites `input.email` to the caller's organization (the caller is already known to be its admin). */
export async function inviteToOrganization(deps: Deps, caller: OrgCaller, input: { email: string; role: Role }) {
  const { db } = deps
  const email = input.email.toLowerCase()
  const [member] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, caller.organizationId), eq(sql`lower(${users.email})`, email)))
  if (member) throw badRequest({ email: ['This person is already a member of the organization.'] })
  const [pending] = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(
      and(
        eq(invitations.organizationId, caller.organizationId),
        eq(sql`lower(${invitations.email})`, email),
        eq(invitations.status, 'pending'),
        gt(invitations.expiresAt, new Date()),
      ),
    )
  if (pending) throw badRequest({ email: ['An invitation to this e-mail address is already pending.'] })
  const [created] = await db
    .insert(invitations)
    .values({
      organizationId: caller.organizationId,
      email,
      role: input.role,
      invitedById: caller.userId,
      tokenHash: hashToken(randomBytes(32).toString('base64url')),
      expiresAt: new Date(),
    })
    .returning()
  try {
    await issueLink(deps, created!.id, caller, {
      action: 'member.invited',
      target: email,
      details: { invitation_id: created!.id, role: input.role },
    })
  } catch (error) {
    await db.delete(invitations).where(eq(invitations.id, created!.id))
    throw error
  }
  return describeOne(db, created!.id)
}

export const listOrganizationInvitations = ({ db }: Deps, caller: OrgCaller) =>
  selectInvitations(db, and(eq(invitations.organizationId, caller.organizationId), eq(invitations.status, 'pending')))

/** Deletes an invitation of the caller's organization (the caller is already known to be its admin). */
export async function removeOrganizationInvitation({ db, clock }: Deps, caller: OrgCaller, invitationId: number) {
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(invitations)
      .where(and(eq(invitations.id, invitationId), eq(invitations.organizationId, caller.organizationId)))
      .returning()
    if (!deleted) throw notFound('Invitation not found.')
    await recordEvent(tx, clock, caller, caller.organizationId, {
      action: 'invitation.revoked',
      target: deleted.email,
      details: { invitation_id: deleted.id, role: deleted.role, status: deleted.status },
    })
  })
}

/**
 * Pending, unexpired invitations addressed to the caller's e-mail (the user as the request resolved
 * it), if the caller has proved it is theirs: an unverified address is only a claim (the e-mailed
 * link still works, being proof itself).
 */
export async function listMyInvitations(deps: Deps, user: typeof users.$inferSelect) {
  if (!user.emailVerified) return []
  return selectInvitations(
    deps.db,
    and(
      eq(sql`lower(${invitations.email})`, user.email.toLowerCase()),
      eq(invitations.status, 'pending'),
      gt(invitations.expiresAt, new Date()),
    ),
  )
}

/** The invitation if it is addressed to the caller's verified e-mail; anyone else is told it does not exist. */
async function addressedTo(deps: Deps, caller: Caller, invitationId: number) {
  const user = await loadCaller(deps, caller)
  if (!user.emailVerified) throw notFound('Invitation not found.')
  const [invitation] = await deps.db
    .select()
    .from(invitations)
    .where(and(eq(invitations.id, invitationId), eq(sql`lower(${invitations.email})`, user.email.toLowerCase())))
  if (!invitation) throw notFound('Invitation not found.')
  return invitation
}

function assertOpen(invitation: typeof invitations.$inferSelect) {
  if (invitation.status !== 'pending') {
    throw new HttpError(400, { detail: `This invitation has already been ${invitation.status}.` })
  }
  if (invitation.expiresAt.getTime() <= Date.now()) throw new HttpError(400, { detail: 'This invitation has expired.' })
}

/** Marks the invitation accepted and adds the membership; call inside a transaction. */
async function join(tx: Database, invitation: typeof invitations.$inferSelect, userId: number) {
  const claimed = await tx
    .update(invitations)
    .set({ status: 'accepted', respondedAt: new Date() })
    .where(and(eq(invitations.id, invitation.id), eq(invitations.status, 'pending')))
    .returning({ id: invitations.id })
  if (claimed.length === 0) throw new HttpError(400, { detail: 'This invitation has already been answered.' })
  await tx
    .insert(memberships)
    .values({ organizationId: invitation.organizationId, userId, role: invitation.role })
    .onConflictDoNothing()
}

export async function acceptInvitation(deps: Deps, caller: Caller, invitationId: number) {
  const invitation = await addressedTo(deps, caller, invitationId)
  assertOpen(invitation)
  await deps.db.transaction((tx) => join(tx, invitation, caller.userId))
  return joined(deps, invitation)
}

async function joined({ db }: Deps, invitation: typeof invitations.$inferSelect): Promise<JoinedPayload> {
  const [organization] = await db.select().from(organizations).where(eq(organizations.id, invitation.organizationId))
  return {
    detail: `You have joined ${organization!.name}`,
    organization: { id: organization!.id, name: organization!.name, slug: organization!.slug },
    role: invitation.role,
  }
}

export async function declineInvitation(deps: Deps, caller: Caller, invitationId: number) {
  const invitation = await addressedTo(deps, caller, invitationId)
  assertOpen(invitation)
  await decline(deps.db, invitation)
  return { detail: 'Invitation declined' }
}

const decline = (db: Database, invitation: typeof invitations.$inferSelect) =>
  db
    .update(invitations)
    .set({ status: 'declined', respondedAt: new Date() })
    .where(and(eq(invitations.id, invitation.id), eq(invitations.status, 'pending')))

/**
 * Accept or decline through the e-mailed link while signed in. The link proves the mailbox, so the
 * caller's address (which must be the invited one) counts as verified from now on.
 */
export async function respondByToken(
  deps: Deps,
  caller: Caller,
  token: string,
  response: 'accept' | 'decline',
): Promise<RespondPayload> {
  const user = await loadCaller(deps, caller)
  const invitation = await byToken(deps.db, token)
  if (invitation.email.toLowerCase() !== user.email.toLowerCase()) {
    throw forbidden('This invitation was sent to another e-mail address.')
  }
  assertOpen(invitation)
  await deps.db.transaction(async (tx) => {
    const db = tx
    await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id))
    if (response === 'accept') await join(db, invitation, user.id)
    else await decline(db, invitation)
  })
  return response === 'accept' ? joined(deps, invitation) : { detail: 'Invitation declined' }
}

async function byToken(db: Database, token: string) {
  const [invitation] = await db
    .select()
    .from(invitations)
    .where(eq(invitations.tokenHash, hashToken(token)))
  if (!invitation) throw notFound('This invitation link is not valid.')
  return invitation
}

/** The invitation, for an admin of its organization; 404 for outsiders, 403 for other members. */
async function forOrganizationAdmin(deps: Deps, caller: Caller, invitationId: number) {
  const [row] = await deps.db
    .select({ invitation: invitations, slug: organizations.slug })
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .where(eq(invitations.id, invitationId))
  if (!row) throw notFound('Invitation not found.')
  const { caller: orgCaller } = await requireMember(deps, caller, row.slug)
  requireRole(orgCaller, ['admin'])
  return { invitation: row.invitation, orgCaller }
}

export async function resendInvitation(deps: Deps, caller: Caller, invitationId: number) {
  const { invitation, orgCaller } = await forOrganizationAdmin(deps, caller, invitationId)
  if (invitation.status !== 'pending') {
    throw new HttpError(400, { detail: `This invitation has already been ${invitation.status}.` })
  }
  await issueLink(deps, invitation.id, orgCaller, {
    action: 'invitation.resent',
    target: invitation.email,
    details: { invitation_id: invitation.id, role: invitation.role },
  })
  return describeOne(deps.db, invitation.id)
}

/** Deletes an invitation found by id alone, if the caller is an admin of its organization. */
export async function deleteInvitationById(deps: Deps, caller: Caller, invitationId: number) {
  const { invitation, orgCaller } = await forOrganizationAdmin(deps, caller, invitationId)
  await removeOrganizationInvitation(deps, orgCaller, invitation.id)
}

/** Invites to the organization named by slug in the input, if the caller is an admin of it. */
export async function inviteByOrganizationSlug(
  deps: Deps,
  caller: Caller,
  input: { organization: string; email: string; role: Role },
) {
  const { caller: orgCaller } = await requireMember(deps, caller, input.organization)
  requireRole(orgCaller, ['admin'])
  return inviteToOrganization(deps, orgCaller, input)
}

/** What the e-mail link shows before anyone signs in: enough to decide, nothing more. */
export async function previewInvitation(deps: Deps, token: string): Promise<InvitationPreviewPayload> {
  const invitation = await describeOne(deps.db, (await byToken(deps.db, token)).id)
  const [account] = await deps.db
    .select({ users: count() })
    .from(users)
    .where(eq(sql`lower(${users.email})`, invitation.email.toLowerCase()))
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    role_display: invitation.role_display,
    status: invitation.status,
    status_display: invitation.status_display,
    is_expired: invitation.is_expired,
    organization: { name: invitation.organization.name, description: invitation.organization.description },
    invited_by: invitation.invited_by,
    account_exists: (account?.users ?? 0) > 0,
  }
}

/** Creates the invitee's account (username, password, optionally their name) from the e-mail link, joins, and signs in. */
export async function acceptWithNewAccount(
  deps: Deps,
  token: string,
  input: { username: string; password: string; first_name?: string; last_name?: string },
): Promise<NewAccountPayload> {
  const { db } = deps
  const invitation = await byToken(db, token)
  assertOpen(invitation)
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, invitation.email.toLowerCase()))
  if (existing) {
    throw new HttpError(400, {
      non_field_errors: ['An account with this e-mail address already exists. Sign in to accept the invitation.'],
    })
  }
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.username})`, input.username.toLowerCase()))
  if (taken) throw badRequest({ username: ['A user with that username already exists.'] })
  const passwordHash = await hashPassword(input.password)
  const user = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      // The link reached this mailbox: the address is verified.
      .values({
        email: invitation.email,
        emailVerified: true,
        username: input.username,
        firstName: input.first_name ?? '',
        lastName: input.last_name ?? '',
        passwordHash,
      })
      .returning()
    await join(tx, invitation, created!.id)
    return created!
  })
  const session = await signIn(deps, user)
  const organization = await db.select().from(organizations).where(eq(organizations.id, invitation.organizationId))
  return { ...session, organization: { slug: organization[0]!.slug, name: organization[0]!.name } }
}
