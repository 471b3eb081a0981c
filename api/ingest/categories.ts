import type { SampleCategory } from '../../shared/categories'
import type { FileType } from '../../shared/file-types'

// In the order of shared/categories.ts: the first match wins.
const KEYWORDS: Array<[SampleCategory, RegExp]> = [
  ['Valuation', /\b(valuation|valuations|appraisal|multiple|multiples|ebitda|dcf|fair market value|worth)\b/i],
  [
    'Financial',
    /\b(financials?|balance sheet|income statement|cash ?flow|p&l|profit|revenue|budget|forecast|audit|accounts|ledger|tax return)\b/i,
  ],
  [
    'Legal & Tax',
    /\b(legal|contract|agreement|nda|loi|letter of intent|lease|license|licence|tax|trust|will|estate|shareholder|bylaws|articles|compliance|purchase agreement)\b/i,
  ],
  ['Market Analysis', /\b(market|industry|competitor|competitive|benchmark|swot|customers?|pricing|sector)\b/i],
  [
    'HR & Team',
    /\b(hr|employee|employees|staff|team|payroll|org chart|organi[sz]ation chart|handbook|compensation|benefits|succession|management)\b/i,
  ],
  ['Strategy', /\b(strategy|strategic|plan|planning|roadmap|exit|growth|vision|transition|business plan)\b/i],
]

const BY_TYPE: Record<FileType, SampleCategory> = {
  pdf: 'PDF Documents',
  doc: 'Word Documents',
  docx: 'Word Documents',
  xls: 'Spreadsheets',
  xlsx: 'Spreadsheets',
  csv: 'Spreadsheets',
  txt: 'Word Documents',
}

/** A category from the title's keywords, else from the file type (spec §9). */
export function suggestCategory(title: string, type: FileType): SampleCategory {
  const words = title.replace(/[_\-.]+/g, ' ')
  return KEYWORDS.find(([, pattern]) => pattern.test(words))?.[0] ?? BY_TYPE[type]
}
