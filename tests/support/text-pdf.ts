/**
 * A PDF of text pages, each given as its lines, set as a word processor sets them: one text line
 * per line given, 14 points apart, in Helvetica. Lines are ASCII; the PDF's own delimiters are escaped.
 */
export function textPdf(pages: string[][]): Uint8Array<ArrayBuffer> {
  const escape = (line: string) => line.replace(/[\\()]/g, (character) => `\\${character}`)
  const streams = pages.map(
    (lines) => `BT /F1 11 Tf 14 TL 72 740 Td ${lines.map((line) => `(${escape(line)}) Tj T*`).join(' ')} ET`,
  )
  // Objects: 1 catalog, 2 page tree, 3 font, then each page and its content stream.
  const kids = pages.map((_, index) => `${4 + index * 2} 0 R`)
  const bodies = [
    '<</Type/Catalog/Pages 2 0 R>>',
    `<</Type/Pages/Count ${pages.length}/MediaBox[0 0 612 792]/Resources<</Font<</F1 3 0 R>>>>/Kids[${kids.join(' ')}]>>`,
    '<</Type/Font/Subtype/Type1/BaseFont/Helvetica/Encoding/WinAnsiEncoding>>',
    ...streams.flatMap((stream, index) => [
      `<</Type/Page/Parent 2 0 R/Contents ${5 + index * 2} 0 R>>`,
      `<</Length ${stream.length}>>\nstream\n${stream}\nendstream`,
    ]),
  ]
  let text = '%PDF-1.4\n'
  const offsets = bodies.map((body, index) => {
    const offset = text.length
    text += `${index + 1} 0 obj\n${body}\nendobj\n`
    return offset
  })
  const xref = text.length
  text += `xref\n0 ${bodies.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) text += `${String(offset).padStart(10, '0')} 00000 n \n`
  text += `trailer\n<</Size ${bodies.length + 1}/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`
  return new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>
}
