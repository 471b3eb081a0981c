import type { FileType } from '../db/schema'

/** Spec §9's sample categories, in the order a keyword match is preferred. */
export const CATEGORIES = [
  'Valuation',
  'Financial',
  'Legal & Tax',
  'Market Analysis',
  'HR & Team',
  'Strategy',
  'PDF Documents',
  'Word Documents',
  'Spreadsheets',
] as const

const KEYWORDS: Array<[string, RegExp]> = [
  ['Valuation', /\b(valuation|valuations|appraisal|multiple|multiples|ebitda|dcf|fair market value|worth)\b/i],
  ['Financial', /\b(financials?|balance sheet|income statement|cash ?flow|p&l|profit|revenue|budget|forecast|audit|accounts|ledger|tax return)\b/i],
  ['Legal & Tax', /\b(legal|contract|agreement|nda|loi|letter of intent|lease|license|licence|tax|trust|will|estate|shareholder|bylaws|articles|compliance|purchase agreement)\b/i],
  ['Market Analysis', /\b(market|industry|competitor|competitive|benchmark|swot|customers?|pricing|sector)\b/i],
  ['HR & Team', /\b(hr|employee|employees|staff|team|payroll|org chart|organi[sz]ation chart|handbook|compensation|benefits|succession|management)\b/i],
  ['Strategy', /\b(strategy|strategic|plan|planning|roadmap|exit|growth|vision|transition|business plan)\b/i],
]

const BY_TYPE: Record<FileType, (typeof CATEGORIES)[number]> = {
  pdf: 'PDF Documents',
  doc: 'Word Documents',
  docx: 'Word Documents',
  xls: 'Spreadsheets',
  xlsx: 'Spreadsheets',
  csv: 'Spreadsheets',
  txt: 'Word Documents',
}

/** A category from the title's keywords, else from the file type (spec §9). */
export function suggestCategory(title: string, type: FileType): string {
  const words = title.replace(/[_\-.]+/g, ' ')
  return KEYWORDS.find(([, pattern]) => pattern.test(words))?.[0] ?? BY_TYPE[type]
}
