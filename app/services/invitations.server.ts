import { z } from 'zod'

import type {
  InvitationPayload,
  InvitationPreviewPayload,
  JoinedPayload,
  NewAccountInput,
  NewAccountPayload,
  RespondPayload,
} from '#api/invitations/contract'

import { apiJson } from './api-fetch.server'
import { expectPartialShape } from './api-shape.server'

// The backend's response shapes, imported as types only (erased at build).
export type InvitationPreview = InvitationPreviewPayload

const Inviter = z
  .object({ first_name: z.string(), last_name: z.string(), username: z.string(), email: z.string() })
  .nullable()

/** What the invitation lists read: each item's organization and inviter are shown. */
export const InvitationShape = z.object({
  id: z.number(),
  email: z.string(),
  organization: z.object({ name: z.string() }),
  invited_by: Inviter,
})

// The e-mail link page decides what to offer from these.
const PreviewShape = z.object({
  email: z.string(),
  status: z.string(),
  is_expired: z.boolean(),
  account_exists: z.boolean(),
  organization: z.object({ name: z.string() }),
  invited_by: Inviter,
})

const JoinedShape = z.object({ organization: z.object({ name: z.string(), slug: z.string() }) })

// The new account's session is stored as it comes, and the organization becomes the current one.
const NewAccountShape = z.object({
  access: z.string(),
  refresh: z.string(),
  user: z.object({ id: z.number(), email: z.string(), role: z.string() }),
  organization: z.object({ name: z.string(), slug: z.string() }),
})

const token = (value: string) => `/invitations/token/${encodeURIComponent(value)}/`

/** The signed-in user's invitations (spec §7) and the public e-mail-link calls. */
export function invitationsApi(request: Request) {
  return {
    mine: async () =>
      expectPartialShape<InvitationPayload[]>(
        z.array(InvitationShape),
        await apiJson(request, '/users/invitations/'),
        'invitations',
      ),
    accept: async (id: number) =>
      expectPartialShape<JoinedPayload>(
        JoinedShape,
        await apiJson(request, `/users/invitations/${id}/accept/`, { method: 'POST' }),
        'accept',
      ),
    decline: (id: number) =>
      apiJson<{ detail: string }>(request, `/users/invitations/${id}/decline/`, { method: 'POST' }),
    resend: async (id: number) =>
      expectPartialShape<InvitationPayload>(
        InvitationShape,
        await apiJson(request, `/users/invitations/${id}/resend/`, { method: 'POST' }),
        'resend',
      ),
    remove: (id: number) => apiJson(request, `/users/invitations/${id}/`, { method: 'DELETE' }),
    /** Accept or decline through the e-mailed link, signed in as the invited address. */
    async respond(value: string, response: 'accept' | 'decline'): Promise<RespondPayload> {
      const body = await apiJson(request, `${token(value)}respond/`, { method: 'POST', json: { response } })
      return response === 'accept'
        ? expectPartialShape<JoinedPayload>(JoinedShape, body, 'accept')
        : (body as RespondPayload)
    },
    preview: async (value: string) =>
      expectPartialShape<InvitationPreview>(
        PreviewShape,
        await apiJson(request, token(value), { anonymous: true }),
        'invitation',
      ),
    acceptWithNewAccount: async (value: string, input: NewAccountInput) =>
      expectPartialShape<NewAccountPayload>(
        NewAccountShape,
        await apiJson(request, `${token(value)}accept/`, { method: 'POST', json: input, anonymous: true }),
        'new account',
      ),
  }
}
