import type { TokensPayload, UserPayload } from '../auth/contract'
import type { Role } from '../db/schema'

// The bodies of the users API, for its services and the web tier's client (`import type` only).

/** GET/PUT /api/me/: the profile with the address waiting for confirmation, which only its owner sees. */
export interface OwnProfilePayload extends UserPayload {
  pending_email: string | null
  /** The IANA zone the user chose to see times in; null when the browser's own is used. */
  time_zone: string | null
  /** Open invitations to the user's (proven) address, which /organizations/invitations lists. */
  pending_invitations: number
  /**
   * The user's organizations (at most MEMBERSHIPS_LISTED), the current one first: what the header's
   * switcher offers. `organizations_listed` is false when there are more, which /organizations lists.
   */
  organizations: { name: string; slug: string; role: Role }[]
  organizations_listed: boolean
}

/** POST /api/change-password/: every session ended, and a fresh one for the caller. */
export interface PasswordChangedPayload extends TokensPayload {
  detail: string
}
