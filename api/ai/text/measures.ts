/**
 * The lexicon of measures: the names owners' statements and schedules give a line, by key. A label
 * matches a key only as a whole, once normalized (case, punctuation, "&" for "and", a leading
 * "Total", a trailing ", net"): "Net sales" is revenue, "Cost of sales" is not; "Rent" (an
 * expense) is not "Monthly rent". A label no key names keeps its words in the fact and no key.
 * "Total income" and "Total expenses" are named by none: with or without other income or the cost
 * of sales, each is a different line in different books.
 */
export const MEASURES: Record<string, string[]> = {
  revenue: [
    'revenue',
    'revenues',
    'net revenue',
    'net revenues',
    'sales',
    'net sales',
    'sales net',
    'revenue net',
    'turnover',
    'top line',
    'gross sales',
    'sales revenue',
  ],
  cost_of_sales: [
    'cost of sales',
    'cost of goods sold',
    'cogs',
    'cost of revenue',
    'cost of revenues',
    'cost of goods',
    'direct costs',
  ],
  gross_profit: ['gross profit'],
  operating_expenses: [
    'operating expenses',
    'opex',
    'sg and a',
    'selling general and administrative',
    'selling general and administrative expenses',
    'overhead',
    'overhead expenses',
  ],
  ebitda: ['ebitda', 'reported ebitda', 'ebitda as reported'],
  depreciation: ['depreciation', 'depreciation and amortization', 'd and a', 'amortization and depreciation'],
  operating_income: [
    'operating income',
    'ebit',
    'income from operations',
    'operating profit',
    'operating earnings',
    'net operating income',
    'net ordinary income',
  ],
  interest: ['interest', 'interest expense', 'interest expense net', 'interest paid'],
  pretax_income: [
    'pretax income',
    'pre tax income',
    'income before taxes',
    'income before income taxes',
    'income before tax',
    'earnings before taxes',
    'profit before tax',
    'profit before taxes',
    'ebt',
  ],
  income_tax: [
    'income tax',
    'income taxes',
    'taxes',
    'tax',
    'provision for income taxes',
    'income tax expense',
    'tax expense',
  ],
  net_income: [
    'net income',
    'net profit',
    'net earnings',
    'bottom line',
    'net income loss',
    'net loss',
    'profit after tax',
    'net profit after tax',
  ],
  capex: [
    'capex',
    'capital expenditures',
    'capital expenditure',
    'capital spending',
    'purchases of equipment',
    'equipment purchases',
    'purchases of property and equipment',
  ],
  cash: ['cash', 'cash in bank', 'cash at bank', 'cash and equivalents', 'cash and cash equivalents'],
  receivables: ['accounts receivable', 'a r', 'ar', 'trade receivables', 'receivables', 'trade accounts receivable'],
  inventory: ['inventory', 'inventories'],
  prepaid: ['prepaid', 'prepaids', 'prepaid expenses', 'prepaids and other', 'prepaid expenses and other'],
  current_assets: ['current assets'],
  equipment: ['equipment', 'property and equipment', 'property plant and equipment', 'pp and e', 'ppe', 'fixed assets'],
  total_assets: ['assets', 'total assets'],
  payables: ['accounts payable', 'trade payables', 'a p', 'ap', 'payables', 'trade accounts payable'],
  accrued: ['accrued liabilities', 'accrued expenses', 'accruals', 'accrued expenses and other'],
  revolver: [
    'line of credit',
    'revolving credit facility',
    'revolver',
    'revolving line of credit',
    'bank line of credit',
  ],
  current_debt: [
    'current portion of long term debt',
    'current maturities of term loan',
    'current maturities of long term debt',
    'current portion of term loan',
  ],
  current_liabilities: ['current liabilities'],
  term_loan: [
    'long term debt',
    'term loan',
    'bank loan',
    'long term debt net of current portion',
    'term loan net of current portion',
    'long term debt less current portion',
    'term loan less current portion',
    'term loan excluding current portion',
    'long term portion of term loan',
    'long term portion of long term debt',
  ],
  total_liabilities: ['liabilities', 'total liabilities'],
  // What is borrowed: the line of credit and the whole term loan, unless a statement states it.
  total_debt: ['total debt', 'debt', 'total borrowings', 'borrowings', 'interest bearing debt', 'total bank debt'],
  net_debt: ['net debt'],
  // A term loan with its current portion, as a lender counts what is owed.
  term_loan_whole: ['whole term loan', 'term loan including current portion', 'total term loan'],
  equity: [
    'equity',
    'owners equity',
    'owner equity',
    'stockholders equity',
    'shareholders equity',
    'members equity',
    'partners capital',
  ],
  liabilities_and_equity: [
    'liabilities and equity',
    'liabilities and owners equity',
    'liabilities and stockholders equity',
    'liabilities and shareholders equity',
    'liabilities and members equity',
  ],
  add_back: [
    'add back',
    'add backs',
    'addback',
    'addbacks',
    'adjustment',
    'adjustments',
    'normalization adjustment',
    'normalization adjustments',
    'normalizing adjustments',
    'normalizing items',
  ],
  add_backs_total: [
    'total add backs',
    'total addbacks',
    'total adjustments',
    'total normalization adjustments',
    'total ebitda adjustments',
    'total owner adjustments',
  ],
  enterprise_value: [
    'enterprise value',
    'valuation',
    'valuation range',
    'value range',
    'fair market value',
    'business value',
  ],
  adjusted_ebitda: ['adjusted ebitda', 'normalized ebitda', 'normalised ebitda', 'pro forma ebitda'],
  after_tax_need: ['after tax need'],
  monthly_rent: ['monthly rent', 'rent month', 'rent per month', 'monthly lease payment', 'base rent per month'],
}

const KEYS = new Map(Object.entries(MEASURES).flatMap(([key, names]) => names.map((name) => [name, key] as const)))

/** A label in the lexicon's form: lower case, "&" as "and", no punctuation, parentheses or footnote marks. */
export function normalizeLabel(label: string): string {
  return label
    .toLowerCase()
    .replace(/\([^()]{0,40}\)/g, ' ')
    .replace(/&/g, ' and ')
    .replace(/['’‘`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
}

/** The key of the measure a row or column label names, or null when no key names it whole. */
export function measureKeyOf(label: string): string | null {
  const name = normalizeLabel(label)
  if (!name) return null
  const exact = KEYS.get(name)
  if (exact) return exact
  // A total is the line it totals ("Total revenue", "Total SG&A"), a line "net" of its allowance the line.
  const bare = name.replace(/^total /, '').replace(/ net$/, '')
  return KEYS.get(bare) ?? null
}

// Figures that count things rather than amount to money: no scale statement applies to them.
const COUNT =
  /\b(?:headcount|head count|employees|staff|fte|ftes|number of|count|units sold|customers served|locations|stores|days)\b|#/i

/** Whether a label measures a count (employees, units, days): its figures are not scaled or in dollars. */
export const isCount = (label: string) => COUNT.test(label)
