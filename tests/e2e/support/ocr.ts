import { expect, type Page } from '@playwright/test'

import type { DocumentListPayload, DocumentPayload, DocumentTextPayload } from '../../../api/documents/contract'
import { LETTER_OF_INTENT, letterOfIntentPdf as letterOfIntent } from '../../support/scanned-pdf'
import { apiSignIn, baseURL, type TeamUser } from './api'
import { type BehindFailingBackend, signedInBehind } from './behind-failing-backend'
import { uploadDocument, waitUntilProcessed } from './documents'

export { LETTER_OF_INTENT }

export const letterOfIntentPdf = async () => Buffer.from(await letterOfIntent())

/** The real backend's answer to GET /api{route} as `user` in `organization`. */
async function backendGet<T>(user: TeamUser, organization: string, route: string): Promise<T> {
  const { access } = await apiSignIn(user.username, user.password)
  const response = await fetch(`${baseURL()}/api${route}`, {
    headers: { authorization: `Bearer ${access}`, 'x-organization': organization },
  })
  if (!response.ok) throw new Error(`GET ${route} answered ${response.status}: ${await response.text()}`)
  return (await response.json()) as T
}

/**
 * Shows the web tier `document` (processed for real) as if its scanned pages were being read by
 * OCR, `done` of `total` read, in its own answer and in the list's, until `lift()`. The real
 * backend goes through that state too fast for a test to catch it at a given count.
 */
export async function midwayThroughOcr(
  setup: BehindFailingBackend,
  userId: number,
  user: TeamUser,
  organization: string,
  documentId: number,
) {
  const real = await backendGet<DocumentPayload>(user, organization, `/documents/${documentId}/`)
  const list = await backendGet<DocumentListPayload>(user, organization, '/documents/?page=1')
  return (done: number, total: number) => {
    const midway = { ...real, processing_status: 'processing', ocr_progress: { pages_done: done, pages_total: total } }
    const own = setup.backend.stub(
      userId,
      { method: 'GET', path: new RegExp(`^/documents/${documentId}/$`) },
      { status: 200, body: midway },
    )
    const listed = setup.backend.stub(
      userId,
      { method: 'GET', path: /^\/documents\/$/ },
      {
        status: 200,
        body: { ...list, results: list.results.map((entry) => (entry.id === documentId ? midway : entry)) },
      },
    )
    return {
      lift() {
        own.lift()
        listed.lift()
      },
    }
  }
}

/** Shows the web tier page `number` of `document` as a scan OCR read with `confidence` (low under 70), until `lift()`. */
export async function readByOcr(
  setup: BehindFailingBackend,
  userId: number,
  user: TeamUser,
  organization: string,
  documentId: number,
  confidence: number,
) {
  const real = await backendGet<DocumentTextPayload>(user, organization, `/documents/${documentId}/text/?page=1`)
  const ocr = { confidence, low: confidence < 70 }
  return setup.backend.stub(
    userId,
    { method: 'GET', path: new RegExp(`^/documents/${documentId}/text/$`) },
    {
      status: 200,
      body: {
        ...real,
        pages: real.pages.map((page) => ({ ...page, kind: 'page', ocr })),
        page: real.page && { ...real.page, kind: 'page', ocr },
      },
    },
  )
}

/** Reloads the list until no document is pending or processing (the worker runs in the server). */
export async function reloadUntilProcessed(page: Page) {
  await expect(async () => {
    await page.reload()
    await expect(page.locator('.document-list .status-pending, .document-list .status-processing')).toHaveCount(0)
  }).toPass({ timeout: 60_000 })
}

/**
 * An analyst of a new organization signed in to the web tier in front of the stand-in backend,
 * with one processed text document titled `title`, for a test to show as a scan being read.
 */
export async function processedBehind(
  setup: BehindFailingBackend,
  page: Page,
  team: string,
  title: string,
  content = 'The buyer pays the purchase price in cash at completion.',
) {
  const signedIn = await signedInBehind(setup, page, team, 'analyst')
  const document = await uploadDocument(signedIn.user, signedIn.organization.slug, {
    title,
    name: 'scan.txt',
    content: `${content}\n`,
  })
  await waitUntilProcessed(signedIn.user, signedIn.organization.slug, document)
  return { ...signedIn, document }
}
