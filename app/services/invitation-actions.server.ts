import { ApiError } from './api-fetch.server'
import { redirectWithToast } from './flash.server'
import { invitationsApi } from './invitations.server'

/** Accept or decline from a list page; the page's loader then refetches organizations and invitations. */
export async function answerInvitation(request: Request, form: FormData, back: string) {
  const id = Number(form.get('invitationId'))
  const api = invitationsApi(request)
  if (form.get('intent') === 'accept') {
    try {
      const { organization } = await api.accept(id)
      return redirectWithToast(request, back, { type: 'success', message: `You have joined ${organization.name}` })
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      return redirectWithToast(request, back, { type: 'error', message: 'Failed to accept invitation' })
    }
  }
  try {
    await api.decline(id)
    return redirectWithToast(request, back, { type: 'info', message: 'Invitation declined' })
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return redirectWithToast(request, back, { type: 'error', message: 'Failed to decline invitation' })
  }
}
