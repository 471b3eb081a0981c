// What of a backend file response reaches the browser: its type, size and name, and how to treat it.
const PASSED_HEADERS = [
  'Content-Type',
  'Content-Length',
  'Content-Disposition',
  'X-Content-Type-Options',
  'Cache-Control',
]

/** A file the backend answered with, streamed on to the browser with the headers that describe it. */
export function passFileOn(response: Response) {
  const headers = new Headers()
  for (const name of PASSED_HEADERS) {
    const value = response.headers.get(name)
    if (value) headers.set(name, value)
  }
  return new Response(response.body, { status: 200, headers })
}
