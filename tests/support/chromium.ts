/**
 * The system Chromium (Debian's package; nothing downloads a browser) and the flags it needs here:
 * without the network ones it keeps reaching for Google's hosts, which this machine refuses.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
