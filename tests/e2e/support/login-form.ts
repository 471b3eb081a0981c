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
