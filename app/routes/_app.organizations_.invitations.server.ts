import { assertApiError } from '~/services/api-fetch.server'
import { invitationsApi } from '~/services/invitations.server'
import { redirectWithToast } from '~/session/flash.server'

type Answer = 'accept' | 'decline'

/** Accept or decline from a list page; the page's loader then refetches organizations and invitations. */
export function answerInvitation(request: Request, form: FormData, back: string) {
  const id = Number(form.get('invitationId'))
  const api = invitationsApi(request)
  return answer(request, form.get('intent') === 'accept' ? 'accept' : 'decline', back, {
    accept: () => api.accept(id),
    decline: () => api.decline(id),
  })
}

/** Accept or decline through the e-mailed link (signed in as the invited address). */
export function answerInvitationLink(request: Request, token: string, response: Answer, back: string) {
  const api = invitationsApi(request)
  return answer(request, response, back, {
    accept: () => api.respond(token, 'accept') as Promise<{ organization: { name: string } }>,
    decline: () => api.respond(token, 'decline'),
  })
}

async function answer(
  request: Request,
  response: Answer,
  back: string,
  calls: { accept: () => Promise<{ organization: { name: string } }>; decline: () => Promise<unknown> },
) {
  if (response === 'accept') {
    try {
      const { organization } = await calls.accept()
      return redirectWithToast(request, back, { type: 'success', message: `You have joined ${organization.name}` })
    } catch (error) {
      assertApiError(error)
      return redirectWithToast(request, back, { type: 'error', message: 'Failed to accept invitation' })
    }
  }
  try {
    await calls.decline()
    return redirectWithToast(request, back, { type: 'info', message: 'Invitation declined' })
  } catch (error) {
    assertApiError(error)
    return redirectWithToast(request, back, { type: 'error', message: 'Failed to decline invitation' })
  }
}
