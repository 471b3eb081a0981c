import type PDFDocument from 'pdfkit'

/** The PDF's page and colours, which the report's document and its tables share. */
export type Doc = InstanceType<typeof PDFDocument>

export const MARGIN = 56
export const INK = '#111827'
export const MUTED = '#4b5563'
export const ACCENT = '#1e40af'
export const RULE = '#d1d5db'

export const contentWidth = (doc: Doc) => doc.page.width - MARGIN * 2
