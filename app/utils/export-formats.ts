/** The files one result can be downloaded as, by format, with the label each link shows. */
export const EXPORT_FORMAT_LABELS = { pdf: 'PDF', docx: 'Word', md: 'Markdown' } as const

export type ExportFormat = keyof typeof EXPORT_FORMAT_LABELS
