import { apiJson } from './api-fetch.server'
import type { Invitation, Role } from './organizations.server'
import type { AuthSession } from './session.server'

export interface InvitationPreview {
  id: number
  email: string
  role: Role
  role_display: string
  status: string
  status_display: string
  is_expired: boolean
  organization: { name: string; description: string }
  invited_by: Invitation['invited_by']
  account_exists: boolean
}

const token = (value: string) => `/invitations/token/${encodeURIComponent(value)}/`

/** The signed-in user's invitations (spec §7) and the public e-mail-link calls. */
export function invitationsApi(request: Request) {
  return {
    mine: () => apiJson<Invitation[]>(request, '/users/invitations/'),
    accept: (id: number) =>
      apiJson<{ detail: string; organization: { id: number; name: string; slug: string } }>(
        request,
        `/users/invitations/${id}/accept/`,
        { method: 'POST' },
      ),
    decline: (id: number) => apiJson(request, `/users/invitations/${id}/decline/`, { method: 'POST' }),
    resend: (id: number) => apiJson<Invitation>(request, `/users/invitations/${id}/resend/`, { method: 'POST' }),
    remove: (id: number) => apiJson(request, `/users/invitations/${id}/`, { method: 'DELETE' }),
    /** Accept or decline through the e-mailed link, signed in as the invited address. */
    respond: (value: string, response: 'accept' | 'decline') =>
      apiJson<{ detail: string; organization?: { id: number; name: string; slug: string } }>(request, `${token(value)}respond/`, {
        method: 'POST',
        json: { response },
      }),
    preview: (value: string) => apiJson<InvitationPreview>(request, token(value), { anonymous: true }),
    acceptWithNewAccount: (value: string, input: { username: string; password: string }) =>
      apiJson<AuthSession & { access: string; organization: { slug: string; name: string } }>(
        request,
        `${token(value)}accept/`,
        { method: 'POST', json: input, anonymous: true },
      ),
  }
}
