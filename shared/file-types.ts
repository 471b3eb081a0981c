/** The file types a document may have (spec §9), in the order the spec names them. */
export const FILE_TYPES = ['pdf', 'doc', 'docx', 'txt', 'csv', 'xls', 'xlsx'] as const

export type FileType = (typeof FILE_TYPES)[number]

/** The `accept` attribute of the file inputs: ".pdf,.doc,…". */
export const ACCEPTED_FILE_TYPES = FILE_TYPES.map((type) => `.${type}`).join(',')

const upper = FILE_TYPES.map((type) => type.toUpperCase())

/** The types in words, for the upload help text and refusals: "PDF, DOC, DOCX, TXT, CSV, XLS or XLSX". */
export const ACCEPTED_TYPES_TEXT = `${upper.slice(0, -1).join(', ')} or ${upper[upper.length - 1]}`
