// Resolving against an origin no real address can have tells a path or a fragment of this app
// (`/documents/3`, `#message-9`) from anything that names a host (`https://…`, `//host`, `/\host`).
const THIS_SITE = 'https://this-site.invalid'

/** Whether following or loading this address would reach another site. */
export function isOffSite(href: string) {
  try {
    return new URL(href, THIS_SITE).origin !== THIS_SITE
  } catch {
    return true
  }
}
