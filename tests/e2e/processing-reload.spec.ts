import { expect, test } from '@playwright/test'

import type { DocumentListPayload, DocumentPayload } from '../../api/documents/contract'
import { api, apiSignIn } from './support/api'
import { signedInBehind, webBehindFailingBackend } from './support/behind-failing-backend'
import { uploadDocument } from './support/documents'
import { expectNoAxeViolations } from './support/fixtures'

// Without JavaScript nothing polls a document that is being processed: the list and the document's
// page offer a reload instead. With JavaScript they poll, and offer none.

// The web tier's own backend answers as if the document were still waiting, for as long as the test looks.
const setup = webBehindFailingBackend()

test('offers a reload while a document is processed, only where nothing polls', async ({ page, javaScriptEnabled }) => {
  const { user, organization, userId } = await signedInBehind(setup, page, 'Reloaders', 'analyst')
  const document = await uploadDocument(user, organization.slug, {
    title: 'Waiting memo',
    name: 'memo.txt',
    content: 'Board memo.',
  })
  const { access } = await apiSignIn(user.username, user.password)
  // The analyst's one organization is the one the token answers for.
  const own = { token: access }
  const real = await api<DocumentPayload>('GET', `/documents/${document.id}/`, own)
  const list = await api<DocumentListPayload>('GET', '/documents/?page=1', own)
  const waiting = { ...real, processing_status: 'pending', ocr_progress: null }
  setup.backend.stub(
    userId,
    { method: 'GET', path: new RegExp(`^/documents/${document.id}/$`) },
    {
      status: 200,
      body: waiting,
    },
  )
  setup.backend.stub(
    userId,
    { method: 'GET', path: /^\/documents\/$/ },
    {
      status: 200,
      body: { ...list, results: list.results.map((entry) => (entry.id === document.id ? waiting : entry)) },
    },
  )

  const reload = page.getByRole('link', { name: 'Reload to see progress' })
  await page.goto(`${setup.web.url}/documents?status=processing`)
  await expect(page.locator('.document-item .status')).toHaveText('Pending')
  if (javaScriptEnabled) {
    // The list polls by itself: no reload offered once the page runs.
    await expect(reload).toHaveCount(0)
  } else {
    await expect(page.getByText('Some documents are still being processed.')).toBeVisible()
    await expect(reload).toHaveAttribute('href', '/documents?status=processing')
    await reload.click()
    await expect(page).toHaveURL(/\/documents\?status=processing$/)
    await expect(page.locator('.document-item .status')).toHaveText('Pending')
  }

  await page.goto(`${setup.web.url}/documents/${document.id}`)
  await expect(page.getByText('This document is waiting to be processed.')).toBeVisible()
  if (javaScriptEnabled) {
    await expect(reload).toHaveCount(0)
    await expectNoAxeViolations(page)
  } else await expect(reload).toHaveAttribute('href', `/documents/${document.id}`)
})
