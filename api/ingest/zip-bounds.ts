import { createInflateRaw } from 'node:zlib'

import { ExtractionError } from './extraction-types'

/** How refusals name the document, and what its owner can do about them. */
export interface ArchiveWords {
  noun: string
  advice: string
  damaged: string
}

const beyondLimit = (words: ArchiveWords) => `more than the server reads from one document. ${words.advice}`

/** The refusal of a document whose parts would unpack to more than `maxBytes`. */
export const unpacksTooLarge = (words: ArchiveWords, maxBytes: number) =>
  new ExtractionError(
    `This ${words.noun} unpacks to more than ${Math.floor(maxBytes / 2 ** 20)} MB, ${beyondLimit(words)}`,
  )

// The last end-of-directory signature in the file is the one SheetJS reads.
const END_OF_DIRECTORY = Buffer.from('PK\x05\x06', 'latin1')
const DIRECTORY_ENTRY = 0x02014b50
const LOCAL_HEADER = 0x04034b50
const ZIP64_EXTRA = 0x0001
const STORED = 0
const DEFLATED = 8
const MAX_16 = 0xffff
const MAX_32 = 0xffffffff
// Workbooks and Word documents hold tens of entries, a few hundred with many sheets or pictures;
// each entry costs a parser objects and a buffer however small it is.
const MAX_ENTRIES = 10_000

class Damaged extends Error {}
class TooManyEntries extends Error {}

interface Entry {
  method: number
  /** Neither parser reads it: SheetJS refuses the local header's encryption flags, yauzl the directory's. */
  encrypted: boolean
  /** Where its data starts, after the local header. */
  dataStart: number
  /** The compressed length the directory gives, which yauzl reads. */
  compressedSize: number
  /** Every size the headers and their ZIP64 fields claim: SheetJS and yauzl each believe some of them. */
  claimedSizes: number[]
}

/** The two 8-byte numbers of a ZIP64 extra field, which SheetJS always takes as sizes (the format means only some). */
function zip64Sizes(zip: Buffer, start: number, length: number): number[] {
  const sizes: number[] = []
  for (let at = start; at + 4 <= start + length;) {
    const id = zip.readUInt16LE(at)
    const size = zip.readUInt16LE(at + 2)
    if (id === ZIP64_EXTRA) {
      for (let field = at + 4; field + 8 <= Math.min(at + 4 + size, start + length) && sizes.length < 2; field += 8)
        sizes.push(Number(zip.readBigUInt64LE(field)))
    }
    at += 4 + size
  }
  return sizes
}

/** A header's sizes, those it leaves to its ZIP64 field (0xffffffff) replaced by that field's. */
const claims = (sizes: number[], zip64: number[]) =>
  zip64.length ? [...sizes.filter((size) => size !== MAX_32), ...zip64] : sizes

function needBytes(zip: Buffer, at: number, length: number) {
  if (at < 0 || at + length > zip.length) throw new Damaged()
}

/**
 * The archive's entries as both of our parsers see them. SheetJS reads a ZIP its own way (the last
 * end-of-directory signature anywhere in the file, the entry count of "this disk", the local
 * headers' sizes, inflating until the stream ends), word-extractor through yauzl (the directory's
 * sizes and total count, ZIP64 records). An archive on which they could disagree, so that a bomb
 * one of them reads hides from the other, is refused as damaged; Office never writes one.
 */
function readEntries(zip: Buffer): Entry[] {
  const end = zip.lastIndexOf(END_OF_DIRECTORY)
  needBytes(zip, end, 22)
  if (end + 22 + zip.readUInt16LE(end + 20) !== zip.length) throw new Damaged()
  const count = zip.readUInt16LE(end + 10)
  if (zip.readUInt16LE(end + 4) !== 0 || zip.readUInt16LE(end + 8) !== count) throw new Damaged()
  if (count > MAX_ENTRIES || count === MAX_16) throw new TooManyEntries()
  let at = zip.readUInt32LE(end + 16)
  if (at === MAX_32) throw new Damaged()
  const entries: Entry[] = []
  for (let index = 0; index < count; index++) {
    needBytes(zip, at, 46)
    if (zip.readUInt32LE(at) !== DIRECTORY_ENTRY) throw new Damaged()
    const nameLength = zip.readUInt16LE(at + 28)
    const extraLength = zip.readUInt16LE(at + 30)
    const commentLength = zip.readUInt16LE(at + 32)
    needBytes(zip, at + 46, nameLength + extraLength + commentLength)
    const local = zip.readUInt32LE(at + 42)
    needBytes(zip, local, 30)
    if (local === MAX_32 || zip.readUInt32LE(local) !== LOCAL_HEADER) throw new Damaged()
    const method = zip.readUInt16LE(at + 10)
    if (zip.readUInt16LE(local + 8) !== method) throw new Damaged()
    const localExtra = local + 30 + zip.readUInt16LE(local + 26)
    const localExtraLength = zip.readUInt16LE(local + 28)
    needBytes(zip, localExtra, localExtraLength)
    const compressedSize = zip.readUInt32LE(at + 20)
    entries.push({
      method,
      encrypted: (zip.readUInt16LE(local + 6) & 0x2041) !== 0 && (zip.readUInt16LE(at + 8) & 0x0001) !== 0,
      dataStart: localExtra + localExtraLength,
      compressedSize,
      claimedSizes: [
        ...claims([compressedSize, zip.readUInt32LE(at + 24)], zip64Sizes(zip, at + 46 + nameLength, extraLength)),
        ...claims(
          [zip.readUInt32LE(local + 18), zip.readUInt32LE(local + 22)],
          zip64Sizes(zip, localExtra, localExtraLength),
        ),
      ],
    })
    at += 46 + nameLength + extraLength + commentLength
  }
  return entries
}

/**
 * How many bytes a DEFLATE stream inflates to, counted as zlib produces them and never held, up
 * to `limit` (past it, the count so far). The stream must end within `input`, as yauzl demands;
 * SheetJS reads the same stream to its end, wherever the headers say it stops.
 */
function inflatedLength(input: Buffer, limit: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflater = createInflateRaw({ chunkSize: 64 * 1024 })
    let length = 0
    inflater.on('data', (chunk: Buffer) => {
      length += chunk.length
      if (length > limit) {
        inflater.destroy()
        resolve(length)
      }
    })
    inflater.once('end', () => resolve(length))
    inflater.once('error', () => reject(new Damaged()))
    inflater.end(input)
  })
}

class TooLarge extends Error {}

/** The bytes the parsers would unpack, counted entry after entry until they pass `maxBytes`. */
async function measure(zip: Buffer, maxBytes: number) {
  const read = readEntries(zip).filter(
    (entry) => !entry.encrypted && (entry.method === STORED || entry.method === DEFLATED),
  )
  if (read.reduce((sum, entry) => sum + Math.max(...entry.claimedSizes), 0) > maxBytes) throw new TooLarge()
  let unpacked = 0
  for (const entry of read) {
    const available = zip.length - entry.dataStart
    if (entry.compressedSize > available) throw new Damaged()
    unpacked +=
      entry.method === STORED
        ? // SheetJS copies a stored entry as long as any of its headers says, up to the end of the file.
          Math.min(available, Math.max(...entry.claimedSizes))
        : await inflatedLength(
            zip.subarray(entry.dataStart, entry.dataStart + entry.compressedSize),
            maxBytes - unpacked,
          )
    if (unpacked > maxBytes) throw new TooLarge()
  }
}

/**
 * Refuses a ZIP-based document that would unpack to more than `maxBytes`, or from more entries
 * than a document has, before a parser holds any of it: parsers inflate into buffers outside the
 * V8 heap, where the reader's heap cap does not reach (a 4 MB workbook took the server from 0.8
 * to 2.9 GB before readers were processes), and the reader's resident memory watch would stop
 * them only once held. Entries are inflated one after another and counted, never held,
 * since declared sizes can lie; entries that share their data are each counted, as each is
 * unpacked.
 */
export async function checkZipUnpacks(bytes: Uint8Array, maxBytes: number, words: ArchiveWords) {
  try {
    await measure(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length), maxBytes)
  } catch (error) {
    if (error instanceof TooLarge) throw unpacksTooLarge(words, maxBytes)
    if (error instanceof TooManyEntries)
      throw new ExtractionError(
        `This ${words.noun} is packed from more than ${MAX_ENTRIES.toLocaleString('en-US')} parts, ${beyondLimit(words)}`,
      )
    if (error instanceof Damaged) throw new ExtractionError(words.damaged)
    throw error
  }
}
