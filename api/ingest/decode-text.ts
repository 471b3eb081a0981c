import chardet from 'chardet'
import iconv from 'iconv-lite'

export interface DecodedText {
  text: string
  encoding: string
}

const utf8 = new TextDecoder('utf-8', { fatal: true })

/** BOM-less UTF-16 shows as NUL bytes on every other position for Latin text. */
function utf16WithoutBom(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const sample = bytes.subarray(0, Math.min(bytes.length, 4096))
  if (sample.length < 4) return null
  let evenNuls = 0
  let oddNuls = 0
  for (let index = 0; index < sample.length; index++) {
    if (sample[index] !== 0) continue
    if (index % 2 === 0) evenNuls++
    else oddNuls++
  }
  const half = sample.length / 2
  if (oddNuls > half * 0.3 && evenNuls < half * 0.05) return 'utf-16le'
  if (evenNuls > half * 0.3 && oddNuls < half * 0.05) return 'utf-16be'
  return null
}

function bomEncoding(bytes: Uint8Array): { encoding: string; skip: number } | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', skip: 3 }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', skip: 2 }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', skip: 2 }
  return null
}

function isUtf8(bytes: Uint8Array) {
  try {
    utf8.decode(bytes)
    return true
  } catch {
    return false
  }
}

/** Valid UTF-8 cut in the middle of a character still counts (used on the first bytes of uploads). */
function isUtf8Prefix(bytes: Uint8Array) {
  for (let trim = 0; trim <= 3 && trim < bytes.length; trim++) {
    if (isUtf8(bytes.subarray(0, bytes.length - trim))) return true
  }
  return false
}

/**
 * The encoding of a text file: its BOM, else UTF-8 when the bytes are valid UTF-8, else BOM-less
 * UTF-16, else chardet's best guess among legacy encodings (ISO-8859-1 read as its superset
 * windows-1252, which is what such files almost always are).
 */
export function detectEncoding(bytes: Uint8Array): string {
  const bom = bomEncoding(bytes)
  if (bom) return bom.encoding
  if (isUtf8(bytes)) return 'utf-8'
  const utf16 = utf16WithoutBom(bytes)
  if (utf16) return utf16
  const guess = chardet.detect(bytes)?.toLowerCase() ?? 'windows-1252'
  if (guess === 'iso-8859-1' || guess === 'ascii') return 'windows-1252'
  return iconv.encodingExists(guess) ? guess : 'windows-1252'
}

export function decodeText(bytes: Uint8Array): DecodedText {
  const encoding = detectEncoding(bytes)
  const skip = bomEncoding(bytes)?.skip ?? 0
  const text = iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset + skip, bytes.length - skip), encoding)
  return { text: text.replace(/\r\n?/g, '\n'), encoding }
}

/**
 * Whether the first bytes of an upload read as text: a BOM, UTF-16, or no NUL bytes and few control
 * characters. Binary formats are full of both.
 */
export function looksLikeText(head: Uint8Array): boolean {
  if (head.length === 0) return false
  if (bomEncoding(head) || utf16WithoutBom(head)) return true
  if (isUtf8Prefix(head)) return controlShare(head) < 0.01
  if (head.includes(0)) return false
  return controlShare(head) < 0.01
}

function controlShare(bytes: Uint8Array) {
  let controls = 0
  for (const byte of bytes) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) controls++
  }
  return controls / bytes.length
}
