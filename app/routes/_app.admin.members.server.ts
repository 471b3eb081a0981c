import { badRequest } from '~/http/responses.server'
import { assertApiError } from '~/services/api-fetch.server'
import { organizationsApi, type Role } from '~/services/organizations.server'
import { redirectWithToast } from '~/session/flash.server'

const ROLES: Role[] = ['admin', 'analyst', 'member']

/** Role change and removal from the admin tables; the backend refuses what the caller may not do. */
export async function changeMember(request: Request, slug: string, form: FormData, back: string) {
  const userId = Number(form.get('userId'))
  const api = organizationsApi(request)
  try {
    if (form.get('intent') === 'update-role') {
      const role = String(form.get('role')) as Role
      if (!ROLES.includes(role)) throw badRequest('Unknown role')
      await api.updateMemberRole(slug, userId, role)
      return redirectWithToast(request, back, { type: 'success', message: 'Member role updated' })
    }
    await api.removeMember(slug, userId)
    return redirectWithToast(request, back, { type: 'success', message: 'Member removed' })
  } catch (error) {
    assertApiError(error)
    return redirectWithToast(request, back, { type: 'error', message: error.message })
  }
}

export const idParam = (url: URL, name: string) => {
  const value = Number(url.searchParams.get(name))
  return Number.isInteger(value) && value > 0 ? value : null
}
