import { createRequire } from 'node:module'
import path from 'node:path'

import { strFromU8, unzipSync } from 'fflate'
import { SaxesParser } from 'saxes'

const pdfjsRoot = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))

/**
 * Reading exported files back as a reader would: the PDF's text through pdf.js (the app's own PDF
 * reader), a Word file's parts unzipped with fflate (what docx and pdfkit compress with) and checked
 * with saxes, the strict XML parser word-extractor reads .docx files with.
 */

export interface PdfText {
  pages: number
  /** Each piece of text pdf.js finds, in page order, with its width in points. */
  items: Array<{ str: string; width: number }>
}

async function open(bytes: Uint8Array) {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs')
  return pdfjs.getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    standardFontDataUrl: `${pdfjsRoot}/standard_fonts/`,
  }).promise
}

/** The number of pages, read from the page tree alone: cheap however many there are. */
export async function pdfPages(bytes: Uint8Array) {
  const document = await open(bytes)
  const pages = document.numPages
  await document.destroy()
  return pages
}

export async function pdfText(bytes: Uint8Array): Promise<PdfText> {
  const document = await open(bytes)
  const items: PdfText['items'] = []
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent()
    for (const item of content.items) if ('str' in item) items.push({ str: item.str, width: item.width })
  }
  const pages = document.numPages
  await document.destroy()
  return { pages, items }
}

/** Each page's text as pdf.js reads it, its pieces joined by spaces: what a page holds. */
export async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  const document = await open(bytes)
  const pages: string[] = []
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent()
    pages.push(content.items.flatMap((item) => ('str' in item && item.str.trim() ? [item.str.trim()] : [])).join(' '))
  }
  await document.destroy()
  return pages
}

/** The XML parts of a .docx by name ("word/document.xml", "docProps/core.xml", …). */
export function docxParts(bytes: Uint8Array): Record<string, string> {
  const files = unzipSync(bytes)
  return Object.fromEntries(
    Object.entries(files)
      .filter(([name]) => name.endsWith('.xml') || name.endsWith('.rels'))
      .map(([name, data]) => [name, strFromU8(data)]),
  )
}

/** The first error a strict XML 1.0 parser finds in `xml`, or null when it is well-formed. */
export function xmlError(xml: string): string | null {
  const parser = new SaxesParser()
  let error: string | null = null
  parser.on('error', (found) => {
    error ??= found.message
  })
  parser.write(xml).close()
  return error
}
