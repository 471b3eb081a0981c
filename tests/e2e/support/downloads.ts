import { readFileSync } from 'node:fs'

import type { Locator, Page } from '@playwright/test'

import { extractText } from '../../../api/ingest/extract-text'

const LIMITS = { maxChars: 3_000_000, maxUnpackedBytes: 64 * 2 ** 20 }

/**
 * Follows a download link (a click, or Enter on the focused link for a keyboard pass) and reads the
 * file back as the app reads uploads: pdf.js for a PDF, the project's Word reader for a .docx.
 * Answers its name and its text, whitespace folded.
 */
export async function downloadText(page: Page, link: Locator, { keyboard = false } = {}) {
  const downloading = page.waitForEvent('download')
  if (keyboard) await page.keyboard.press('Enter')
  else await link.click()
  const file = await downloading
  const name = file.suggestedFilename()
  const type = name.endsWith('.pdf') ? 'pdf' : 'docx'
  const { pages } = await extractText(type, new Uint8Array(readFileSync((await file.path())!)), LIMITS)
  return {
    name,
    text: pages
      .map((page) => page.text)
      .join('\n')
      .replace(/\s+/g, ' '),
  }
}
