import type { z } from 'zod'

import type { NewAccountSchema } from './schema'
import type {
  acceptInvitation,
  acceptWithNewAccount,
  previewInvitation,
  respondByToken,
  selectInvitations,
} from './service'

// The bodies of the invitations endpoints, for the web tier's client (`import type` only). Read off
// the functions that write them, so no module of the backend imports this one.
export type InvitationPayload = Awaited<ReturnType<typeof selectInvitations>>[number]
export type InvitationPreviewPayload = Awaited<ReturnType<typeof previewInvitation>>
export type JoinedPayload = Awaited<ReturnType<typeof acceptInvitation>>
export type RespondPayload = Awaited<ReturnType<typeof respondByToken>>
export type NewAccountPayload = Awaited<ReturnType<typeof acceptWithNewAccount>>
/** What signing up through an invitation link takes. */
export type NewAccountInput = z.input<typeof NewAccountSchema>
