import { z } from 'zod'

import { ROLES } from '../../shared/accounts'
import { TokensSchema, UserSchema } from '../auth/contract'

// The bodies of the users API, declared once: its services return them, the web tier's client
// checks what it is sent against them. Only zod, shared/ and contracts like it, so the web tier may
// load it.

/** GET/PUT /api/me/: the profile with the address waiting for confirmation, which only its owner sees. */
export const OwnProfileSchema = UserSchema.extend({
  pending_email: z.string().nullable(),
  /** The IANA zone the user chose to see times in; null when the browser's own is used. */
  time_zone: z.string().nullable(),
  /** Open invitations to the user's (proven) address, which /organizations/invitations lists. */
  pending_invitations: z.number(),
  /**
   * The user's organizations (at most MEMBERSHIPS_LISTED), the current one first: what the header's
   * switcher offers. `organizations_listed` is false when there are more, which /organizations lists.
   */
  organizations: z.array(z.object({ name: z.string(), slug: z.string(), role: z.enum(ROLES) })),
  organizations_listed: z.boolean(),
})

/** POST /api/change-password/: every session ended, and a fresh one for the caller. */
export const PasswordChangedSchema = TokensSchema.extend({ detail: z.string() })

export type OwnProfilePayload = z.infer<typeof OwnProfileSchema>
export type PasswordChangedPayload = z.infer<typeof PasswordChangedSchema>
