/**
 * Where switching organization leaves the user: the page they were on when it is a page of the
 * organization as a whole that their role in the new one may open, else that page's section, else
 * the dashboard. Never an item of the old organization (a document, a conversation, a checklist
 * item): those belong to it alone.
 */
const EVERYONE = ['admin', 'analyst', 'member']
const MANAGERS = ['admin', 'analyst']
const ADMINS = ['admin']

const PAGES: Record<string, readonly string[]> = {
  '/dashboard': EVERYONE,
  '/documents': EVERYONE,
  '/chat': EVERYONE,
  '/search': EVERYONE,
  '/conversation-templates': EVERYONE,
  '/conversation-templates/new': MANAGERS,
  '/transcriptions': EVERYONE,
  '/readiness': EVERYONE,
  '/readiness/value-gap': EVERYONE,
  '/readiness/checklist': EVERYONE,
  '/actions': EVERYONE,
  '/analysis': MANAGERS,
  '/admin': ADMINS,
  '/admin/organization': ADMINS,
  '/admin/organization/invite': ADMINS,
  '/admin/users': ADMINS,
  '/admin/audit': ADMINS,
}

export function switchLanding(from: string, role: string) {
  const path = from.replace(/\/+$/, '') || '/dashboard'
  const section = `/${path.split('/')[1] ?? ''}`
  for (const candidate of [path, section]) if (PAGES[candidate]?.includes(role)) return candidate
  return '/dashboard'
}
