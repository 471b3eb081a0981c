import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'

import { launch } from 'chrome-launcher'
import lighthouse from 'lighthouse'

import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/support/chromium'
import { percentile } from '../eval/metrics'
import { freePort, PASSWORD, seedDocuments, SERVER_ARGS, sessionCookie, start, stop, waitFor } from './app-process'
import { corpusDocuments } from './pages'

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
export type Category = (typeof CATEGORIES)[number]
export type Scores = Record<Category, number>

export interface LighthousePage {
  url: string
  signedIn: boolean
  /** Median of the runs per category, 0–100 as Lighthouse shows them. */
  scores: Scores
  runs: Scores[]
  /** Audits that cost a point in some run (id: title), the place to look when a score drops. */
  flagged: Record<string, string>
}

export interface LighthouseBenchmark {
  lighthouse: string
  chromium: string
  runsPerPage: number
  /** The machine's 1-minute load average when the runs began and ended: simulated throttling is stable, not immune. */
  loadAverage: { before: number; after: number }
  pages: LighthousePage[]
}

// Chromium on this machine has no network beyond localhost and no GPU: without these it stalls on
// component updates and QUIC probes, which Lighthouse would count against the page.
const CHROMIUM_FLAGS = ['--headless', ...CHROMIUM_ARGS]

const PAGES = [
  { url: '/login', signedIn: false },
  { url: '/dashboard', signedIn: true },
  { url: '/documents', signedIn: true },
  { url: '/search?q=net+cash+used+in+investing+activities', signedIn: true },
  { url: '/chat', signedIn: true },
]

/**
 * The session cookie alone: the sign-in's flash cookie would show its "signed in" toast on the page
 * measured, which a visitor sees on the first page after signing in only.
 */
async function signedInCookie(base: string) {
  const session = (await sessionCookie(base)).split('; ').find((cookie) => cookie.startsWith('__session='))
  if (!session) throw new Error('signing in set no __session cookie')
  return session
}

/** A Chromium of its own profile for one piece of work, stopped and its profile removed after. */
async function withChromium<T>(chromePath: string, work: (port: number, version: string) => Promise<T>) {
  // chrome-launcher removes a profile it made while Chromium's helpers are still writing to it
  // (ENOTEMPTY): the profile is ours, removed once the browser has closed.
  const profile = mkdtempSync(path.join(tmpdir(), 'exit-planning-bench-chromium-'))
  const chrome = await launch({ chromePath, chromeFlags: CHROMIUM_FLAGS, userDataDir: profile })
  try {
    const response = await fetch(`http://127.0.0.1:${chrome.port}/json/version`)
    return await work(chrome.port, ((await response.json()) as { Browser: string }).Browser)
  } finally {
    const closed = chrome.process.exitCode === null ? once(chrome.process, 'close') : undefined
    chrome.kill()
    await closed
    rmSync(profile, { recursive: true, force: true, maxRetries: 10 })
  }
}

export interface LighthouseOptions {
  runs?: number
  documents?: number
  chromiumPath?: string
}

/**
 * Lighthouse's four categories on our main pages with its defaults (mobile form factor, simulated
 * slow 4G and a 4x slower CPU), against `scripts/start.mjs` on a fresh seeded DATA_DIR. Each page
 * runs `runs` times in a row and the medians are kept, as Lighthouse's own docs advise for variance.
 */
export async function measureLighthouse({
  runs = 3,
  documents = 8,
  chromiumPath = CHROMIUM_PATH,
}: LighthouseOptions = {}): Promise<LighthouseBenchmark> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'exit-planning-bench-lighthouse-'))
  const port = await freePort()
  const server = start(process.execPath, SERVER_ARGS, {
    MALLOC_ARENA_MAX: '2',
    NODE_ENV: 'production',
    PORT: String(port),
    DATA_DIR: dataDir,
    DEMO_PASSWORD: PASSWORD,
  })
  const base = `http://localhost:${port}`
  let chromium = ''
  try {
    await waitFor(`${base}/login`, server.child, server.output)
    await seedDocuments(base, corpusDocuments(documents))
    const before = loadavg()[0]!
    const pages: LighthousePage[] = []
    let lighthouseVersion = ''
    for (const page of PAGES) {
      const samples: Scores[] = []
      const flagged: Record<string, string> = {}
      for (let run = 0; run < runs; run++) {
        // A fresh browser and session each run. Chromium replaces a Cookie header given by Lighthouse
        // with its own jar's as soon as the jar holds a cookie for the site (the flash cookie an
        // earlier run's page cleared), and the page would then be the sign-in redirect.
        const headers = page.signedIn ? { cookie: await signedInCookie(base) } : undefined
        const result = await withChromium(chromiumPath, async (port, version) => {
          chromium ||= version
          return lighthouse(`${base}${page.url}`, {
            port,
            logLevel: 'error',
            output: 'json',
            onlyCategories: [...CATEGORIES],
            extraHeaders: headers,
          })
        })
        if (!result) throw new Error(`Lighthouse returned nothing for ${page.url}`)
        const { lhr } = result
        if (lhr.runtimeError) throw new Error(`${page.url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
        if (!lhr.finalDisplayedUrl.endsWith(page.url)) {
          throw new Error(`${page.url} ended at ${lhr.finalDisplayedUrl} (a sign-in redirect?)`)
        }
        lighthouseVersion = lhr.lighthouseVersion
        samples.push(
          Object.fromEntries(
            CATEGORIES.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)]),
          ) as Scores,
        )
        for (const category of CATEGORIES) {
          for (const { id, weight } of lhr.categories[category]?.auditRefs ?? []) {
            const audit = lhr.audits[id]
            if (weight > 0 && audit && audit.score !== null && audit.score < 1) flagged[id] = audit.title
          }
        }
      }
      const scores = Object.fromEntries(
        CATEGORIES.map((category) => [
          category,
          percentile(
            samples.map((sample) => sample[category]),
            50,
          ),
        ]),
      ) as Scores
      pages.push({ url: page.url, signedIn: page.signedIn, scores, runs: samples, flagged })
    }
    return {
      lighthouse: lighthouseVersion,
      chromium,
      runsPerPage: runs,
      loadAverage: { before, after: loadavg()[0]! },
      pages,
    }
  } finally {
    await stop(server.child)
    rmSync(dataDir, { recursive: true, force: true })
  }
}
