/**
 * A valid PDF with a great many pages that all share one content stream, font and page size: the
 * file stays small (28.6 MB for 300,000 pages, under MAX_UPLOAD_MB=50) while pdf.js still parses
 * and extracts every page, as it would for a real archive of that length. Measured on 2 cores:
 * ~2,400 pages a second at best; 300,000 pages ran into the 120 s extraction deadline, and left
 * to run they reached the 512 MB heap cap after ~145 s.
 *
 * Each page says one word, so the whole text (2.4 M characters) stays under MAX_EXTRACTED_CHARS
 * and extraction does not stop early at that budget. The pages hang off a two-level page tree, as
 * PDF writers lay out long documents, so finding page n is cheap and the time goes into reading
 * pages, not into walking one flat list of kids.
 */
export function hugePdf(pageCount = 300_000, { pagesPerNode = 500 } = {}): Uint8Array<ArrayBuffer> {
  const nodeCount = Math.ceil(pageCount / pagesPerNode)
  const content = 'BT /F1 12 Tf 72 720 Td (Archive.) Tj ET'
  // Object numbers: 1 catalog, 2 root of the page tree, 3 content, 4 font, then the middle nodes, then the pages.
  const firstNode = 5
  const firstPage = firstNode + nodeCount
  const parts: string[] = ['%PDF-1.4\n']
  const offsets: number[] = []
  let length = parts[0]!.length
  const add = (number: number, body: string) => {
    offsets[number] = length
    const text = `${number} 0 obj\n${body}\nendobj\n`
    parts.push(text)
    length += text.length // ASCII only, so characters are bytes
  }
  add(1, '<</Type/Catalog/Pages 2 0 R>>')
  const nodes = Array.from({ length: nodeCount }, (_, index) => `${firstNode + index} 0 R`)
  add(
    2,
    `<</Type/Pages/Count ${pageCount}/MediaBox[0 0 612 792]/Resources<</Font<</F1 4 0 R>>>>/Kids[${nodes.join(' ')}]>>`,
  )
  add(3, `<</Length ${content.length}>>\nstream\n${content}\nendstream`)
  add(4, '<</Type/Font/Subtype/Type1/BaseFont/Helvetica/Encoding/WinAnsiEncoding>>')
  for (let node = 0; node < nodeCount; node++) {
    const first = node * pagesPerNode
    const count = Math.min(pagesPerNode, pageCount - first)
    const kids = Array.from({ length: count }, (_, index) => `${firstPage + first + index} 0 R`)
    add(firstNode + node, `<</Type/Pages/Parent 2 0 R/Count ${count}/Kids[${kids.join(' ')}]>>`)
  }
  for (let page = 0; page < pageCount; page++) {
    add(firstPage + page, `<</Type/Page/Parent ${firstNode + Math.floor(page / pagesPerNode)} 0 R/Contents 3 0 R>>`)
  }
  const objectCount = firstPage + pageCount
  // The cross-reference table starts where the objects end.
  parts.push(`xref\n0 ${objectCount}\n0000000000 65535 f \n`)
  for (let number = 1; number < objectCount; number++)
    parts.push(`${String(offsets[number]).padStart(10, '0')} 00000 n \n`)
  parts.push(`trailer\n<</Size ${objectCount}/Root 1 0 R>>\nstartxref\n${length}\n%%EOF\n`)
  const text = parts.join('')
  const bytes = new Uint8Array(text.length)
  new TextEncoder().encodeInto(text, bytes)
  return bytes
}
