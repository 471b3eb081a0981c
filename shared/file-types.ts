/** The file types a document may have (spec §9), in the order the spec names them. */
export const FILE_TYPES = ['pdf', 'doc', 'docx', 'txt', 'csv', 'xls', 'xlsx'] as const

export type FileType = (typeof FILE_TYPES)[number]

/** The `accept` attribute of the file inputs: ".pdf,.doc,…". */
export const ACCEPTED_FILE_TYPES = FILE_TYPES.map((type) => `.${type}`).join(',')

const upper = FILE_TYPES.map((type) => type.toUpperCase())

/** The types in words, for the upload help text and refusals: "PDF, DOC, DOCX, TXT, CSV, XLS or XLSX". */
export const ACCEPTED_TYPES_TEXT = `${upper.slice(0, -1).join(', ')} or ${upper[upper.length - 1]}`

/** The extension of a file name, lower case ('' without one): what its type is judged by. */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.')
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : ''
}

// The refusals of a document's file. The browser, the web tier and the backend all say them, so one
// wording lives here: a user who meets the same refusal with and without JavaScript reads one sentence.

export const unsupportedTypeRefusal = (fileName: string) =>
  `"${fileName}" is not a supported file type. Upload ${ACCEPTED_TYPES_TEXT} files.`

export const tooLargeRefusal = (fileName: string, maxMb: number) =>
  `"${fileName}" is larger than the ${maxMb} MB upload limit.`

/** What a batch's answer says of the files it refused, after what it stored: "2 files were refused: …". */
export const refusedFilesSentence = (reasons: string[]) =>
  reasons.length
    ? `${reasons.length} file${reasons.length === 1 ? ' was' : 's were'} refused: ${reasons.join(' ')}`
    : ''
