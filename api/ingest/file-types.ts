import { extensionOf, FILE_TYPES, type FileType } from '../../shared/file-types'
import { looksLikeText } from './decode-text'

export { extensionOf }

export function isAcceptedType(extension: string): extension is FileType {
  return (FILE_TYPES as readonly string[]).includes(extension)
}

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]
// A ZIP starts with a local file header, or with the end-of-archive record when it is empty.
const ZIP = [
  [0x50, 0x4b, 0x03, 0x04],
  [0x50, 0x4b, 0x05, 0x06],
]
// BIFF2-4 workbooks written before Excel 97 start with a BOF record, not an OLE2 container.
const BIFF_BOF = [
  [0x09, 0x00],
  [0x09, 0x02],
  [0x09, 0x04],
]

const startsWith = (head: Uint8Array, magic: number[]) => magic.every((byte, index) => head[index] === byte)

const NAMES: Record<FileType, string> = {
  pdf: 'a PDF',
  doc: 'a Word 97-2003 document',
  docx: 'a Word document',
  xls: 'an Excel 97-2003 workbook',
  xlsx: 'an Excel workbook',
  csv: 'a CSV text file',
  txt: 'a text file',
}

/** What the first bytes say the file is, in words for a refusal message. */
function describeContent(head: Uint8Array): string {
  const latin = Buffer.from(head.subarray(0, 1024)).toString('latin1')
  if (latin.includes('%PDF-')) return 'a PDF'
  if (ZIP.some((magic) => startsWith(head, magic))) return 'a ZIP archive'
  if (startsWith(head, OLE2)) return 'an Office 97-2003 file'
  if (looksLikeText(head)) return 'text'
  return 'binary data'
}

/**
 * Whether the first bytes of a file agree with its extension: magic bytes for binary formats, valid
 * text for txt and csv. Answers a refusal message naming the file, or null when they agree.
 */
export function contentMismatch(fileName: string, type: FileType, head: Uint8Array): string | null {
  if (head.length === 0) return `"${fileName}" is empty.`
  let agrees: boolean
  switch (type) {
    case 'pdf':
      // The PDF header may follow up to 1 KB of junk, which readers accept.
      agrees = Buffer.from(head.subarray(0, 1024)).toString('latin1').includes('%PDF-')
      break
    case 'docx':
    case 'xlsx':
      agrees = ZIP.some((magic) => startsWith(head, magic))
      break
    case 'doc':
      agrees = startsWith(head, OLE2)
      break
    case 'xls':
      agrees = startsWith(head, OLE2) || BIFF_BOF.some((bof) => startsWith(head, bof))
      break
    case 'txt':
    case 'csv':
      agrees = looksLikeText(head)
      break
  }
  if (agrees) return null
  return `"${fileName}" is not ${NAMES[type]}: its content is ${describeContent(head)}. Check the file and its extension.`
}
