/**
 * Refuses state-changing requests that another site made the visitor's browser send (decision 005).
 * The session cookie is SameSite=Lax, which stops other *sites*; this check also stops other
 * *origins* of the same site (another port or subdomain), and it does not depend on cookie settings.
 */

export interface OriginSettings {
  /** The public address of the app (APP_URL); pages served there may always post to it. */
  appUrl?: string
  /** Behind a proxy the browser's address is in X-Forwarded-Host/-Proto, not in Host. */
  trustProxy: boolean
}

// Methods a browser sends from a plain link or image: they never change anything here.
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

const firstValue = (header: string | null) => header?.split(',')[0]?.trim() || undefined

/** The origin the browser addressed: the request URL (built from Host), or what a trusted proxy says it was. */
export function requestOrigin(request: Request, trustProxy: boolean): string {
  const url = new URL(request.url)
  if (!trustProxy) return url.origin
  const host = firstValue(request.headers.get('x-forwarded-host')) ?? url.host
  const proto = firstValue(request.headers.get('x-forwarded-proto')) ?? url.protocol.replace(/:$/, '')
  try {
    return new URL(`${proto}://${host}`).origin
  } catch {
    return url.origin
  }
}

/** The origins whose pages may send this request. */
export function allowedOrigins(request: Request, settings: OriginSettings): Set<string> {
  const origins = new Set([requestOrigin(request, settings.trustProxy)])
  if (settings.appUrl) origins.add(new URL(settings.appUrl).origin)
  return origins
}

/**
 * Where a cross-origin request came from, or undefined when it may proceed. A browser names the
 * sender in Origin (or, when it leaves Origin out, classifies it in Sec-Fetch-Site); `Origin: null`
 * comes from sandboxed frames and data: pages and is refused. A request with neither comes from a
 * program, not a browser, so it carries no visitor's cookie and there is nothing to forge.
 */
export function crossOriginSender(request: Request, settings: OriginSettings): string | undefined {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return undefined
  const origin = request.headers.get('origin')
  if (origin !== null) return allowedOrigins(request, settings).has(origin) ? undefined : origin
  const site = request.headers.get('sec-fetch-site')
  if (site === 'cross-site' || site === 'same-site') return `a ${site} page`
  return undefined
}

/** The 403 answer for a request from another origin, or undefined when the request may proceed. */
export function refuseCrossOrigin(request: Request, settings: OriginSettings): Response | undefined {
  const sender = crossOriginSender(request, settings)
  if (sender === undefined) return undefined
  const message = [
    'Request refused: this form was sent from another website, so nothing was changed.',
    `It came from ${sender}; Exit Planner only accepts forms from its own pages.`,
    'If you meant to do this, go back to Exit Planner, reload the page and try again.',
  ].join('\n')
  return new Response(`${message}\n`, {
    status: 403,
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}

/** The settings from the server's environment (TRUST_PROXY as the backend reads it). */
export const originSettingsFrom = (env: Record<string, string | undefined>): OriginSettings => ({
  appUrl: env.APP_URL,
  trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
})
