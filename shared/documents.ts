/** The words a document's processing and text are named by, in the store and the API's answers alike. */

export const PROCESSING_STATUSES = ['pending', 'processing', 'processed', 'failed'] as const
export type ProcessingStatus = (typeof PROCESSING_STATUSES)[number]

/** What a part of a document's text is: a PDF's page, a workbook's sheet, or a section of the rest. */
export const PAGE_KINDS = ['page', 'sheet', 'section'] as const
export type PageKind = (typeof PAGE_KINDS)[number]
