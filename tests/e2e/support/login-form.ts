/**
 * The fields the login page's form would send (hidden and honeypot fields included), read from its
 * HTML, so a test or the bench can sign in with the form's own POST.
 */
export function loginFormFields(html: string): Record<string, string> {
  const form = [...html.matchAll(/<form\b[\s\S]*?<\/form>/g)]
    .map(([markup]) => markup)
    .find((markup) => markup.includes('name="password"'))
  if (!form) throw new Error('no login form in the page')
  const fields: Record<string, string> = {}
  for (const [input] of form.matchAll(/<input\b[^>]*>/g)) {
    const name = /\bname="([^"]*)"/.exec(input)?.[1]
    if (name) fields[name] = (/\bvalue="([^"]*)"/.exec(input)?.[1] ?? '').replaceAll('&amp;', '&')
  }
  return fields
}

/** A browser's session cookie, signed in through the login form's own POST (as `signInAs`, without a page). */
export async function sessionCookie(base: string, username: string, password: string) {
  const form = new URLSearchParams(loginFormFields(await (await fetch(`${base}/login`)).text()))
  form.set('username', username)
  form.set('password', password)
  const response = await fetch(`${base}/login`, {
    method: 'POST',
    body: form,
    headers: { origin: base },
    redirect: 'manual',
  })
  if (response.status !== 302) throw new Error(`signing in as ${username} answered ${response.status}`)
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')
}
