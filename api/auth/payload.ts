import type { Database } from '../db/database'
import type { users } from '../db/schema'
import type { UserPayload } from './contract'
import { type CurrentMembership, currentMembership } from './membership'

type UserRow = typeof users.$inferSelect

/** The user as the spec's clients read it: profile fields plus role and organization of the current context. */
export async function describeUser(
  db: Database,
  user: UserRow,
  organizationSlug?: string | null,
): Promise<UserPayload> {
  return describeMember(user, await currentMembership(db, user.id, organizationSlug))
}

/** describeUser with the current membership already looked up. */
export function describeMember(user: UserRow, membership: CurrentMembership | undefined): UserPayload {
  return {
    id: user.id,
    email: user.email,
    email_verified: user.emailVerified,
    username: user.username,
    first_name: user.firstName,
    last_name: user.lastName,
    auth_provider: user.authProvider,
    profile_picture: user.profilePicture,
    last_login: user.lastLogin?.toISOString() ?? null,
    date_joined: user.dateJoined.toISOString(),
    role: membership?.role ?? 'member',
    organization: membership
      ? {
          id: membership.organization.id,
          name: membership.organization.name,
          slug: membership.organization.slug,
          logo: membership.organization.logo,
        }
      : null,
  }
}
