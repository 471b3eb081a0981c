import { z } from 'zod'

import { INVITATION_STATUSES, ROLES } from '../../shared/accounts'
import { SignInSchema } from '../auth/contract'
import type { NewAccountSchema } from './schema'

// The bodies of the invitations endpoints, declared once: the service returns them, the web tier's
// client checks what it is sent against them. Only zod, shared/ and contracts like it, so the web
// tier may load it.

const InviterSchema = z
  .object({ first_name: z.string(), last_name: z.string(), username: z.string(), email: z.string() })
  .nullable()

const invitation = {
  id: z.number(),
  email: z.string(),
  role: z.enum(ROLES),
  role_display: z.string(),
  status: z.enum(INVITATION_STATUSES),
  /** "Expired" for a pending invitation past its date. */
  status_display: z.string(),
  is_expired: z.boolean(),
  invited_by: InviterSchema,
}

export const InvitationSchema = z.object({
  ...invitation,
  created_at: z.string(),
  expires_at: z.string(),
  organization: z.object({
    id: z.number(),
    name: z.string(),
    slug: z.string(),
    description: z.string(),
    website: z.string(),
    logo: z.string().nullable(),
    members_count: z.number(),
  }),
})

/** What the e-mailed link's page shows before anyone signs in. */
export const InvitationPreviewSchema = z.object({
  ...invitation,
  organization: z.object({ name: z.string(), description: z.string() }),
  account_exists: z.boolean(),
})

export const JoinedSchema = z.object({
  detail: z.string(),
  organization: z.object({ id: z.number(), name: z.string(), slug: z.string() }),
  role: z.enum(ROLES),
})

/** Accepting or declining through the link: joined, or declined with a word. */
export const RespondedSchema = z.union([JoinedSchema, z.object({ detail: z.string() })])

/** An account made through the link: signed in, and in the organization, which becomes the current one. */
export const SignedUpSchema = SignInSchema.extend({
  organization: z.object({ slug: z.string(), name: z.string() }),
})

export type InvitationPayload = z.infer<typeof InvitationSchema>
export type InvitationPreviewPayload = z.infer<typeof InvitationPreviewSchema>
export type JoinedPayload = z.infer<typeof JoinedSchema>
export type RespondPayload = z.infer<typeof RespondedSchema>
export type NewAccountPayload = z.infer<typeof SignedUpSchema>
/** What signing up through an invitation link takes. */
export type NewAccountInput = z.input<typeof NewAccountSchema>
