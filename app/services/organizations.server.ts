import { apiJson } from './api-fetch.server'

export interface Member {
  id: number
  role: 'admin' | 'analyst' | 'member'
  role_display: string
  user: { id: number; email: string; username: string; first_name: string; last_name: string; last_login: string | null }
}

/** The organizations API, bound to the signed-in request. */
export function organizationsApi(request: Request) {
  return {
    members: (slug: string) => apiJson<Member[]>(request, `/organizations/${encodeURIComponent(slug)}/members/`),
  }
}
