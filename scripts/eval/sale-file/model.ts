/**
 * A generated company: the numbers every file of its sale file is drawn from and every gold answer
 * is computed from. Amounts are whole dollars; statement lines are whole thousands, so a file that
 * shows them "in thousands" shows them exactly and its totals still add up.
 */
export interface FiscalYear {
  /** The year a fiscal year is named by: FY2025 ends in 2025. */
  year: number
  /** ISO dates. */
  start: string
  end: string
}

export interface OperatingLine {
  key: 'salaries' | 'rent' | 'marketing' | 'utilities' | 'insurance' | 'professional' | 'other'
  label: string
  amount: number
}

export interface IncomeYear {
  revenue: number
  costOfSales: number
  grossProfit: number
  /** The operating expenses shown, by line (selling, general and administrative), summing to `operatingExpenses`. */
  operating: OperatingLine[]
  operatingExpenses: number
  ebitda: number
  depreciation: number
  operatingIncome: number
  interest: number
  pretaxIncome: number
  incomeTax: number
  netIncome: number
  capex: number
}

export interface BalanceSheet {
  /** ISO date of the year end. */
  asOf: string
  cash: number
  receivables: number
  inventory: number
  prepaid: number
  currentAssets: number
  equipment: number
  totalAssets: number
  payables: number
  accrued: number
  revolver: number
  currentDebt: number
  currentLiabilities: number
  termLoan: number
  totalLiabilities: number
  equity: number
  liabilitiesAndEquity: number
}

export interface Customer {
  name: string
  /** Revenue in the latest and the year before, by fiscal year. */
  revenue: Record<number, number>
}

export interface Lease {
  premises: string
  address: string
  landlord: string
  start: string
  end: string
  monthlyRent: number
}

export interface Person {
  name: string
  role: string
}

export interface Company {
  seed: number
  name: string
  /** How its own people call it: "the lab", "the shop". */
  shortName: string
  industry: string
  city: string
  state: string
  founded: number
  founder: string
  owner: string
  headcount: number
  people: Person[]
  /** Month (1–12) and day its fiscal year ends. */
  yearEnd: { month: number; day: number }
  /** Oldest first. */
  years: FiscalYear[]
  income: Record<number, IncomeYear>
  /** The last two year ends, oldest first. */
  balance: BalanceSheet[]
  productLines: string[]
  /** Revenue of the latest fiscal year by month (first month of the fiscal year first), per product line. */
  monthly: Array<{ line: string; months: number[] }>
  /** Month starts (ISO) of the latest fiscal year, matching `monthly`. */
  months: string[]
  customers: Customer[]
  /** The latest fiscal year's add-backs (normalization adjustments). */
  addBacks: Array<{ label: string; amount: number }>
  valuation: null | {
    firm: string
    date: string
    low: number
    high: number
    /** The concluded value when the letter states one, else null (the middle of the range stands). */
    concluded: number | null
  }
  goal: null | { afterTax: number; byDate: string }
  leases: Lease[]
}

/** What a question's operands are: the groups of facts the documents plan places in files. */
export const FACT_GROUPS = [
  'income',
  'balance',
  'quarterly',
  'monthly',
  'customers',
  'addBacks',
  'valuation',
  'goal',
  'leases',
  'profile',
  'capex',
] as const
export type FactGroup = (typeof FACT_GROUPS)[number]

/** The files that hold each group of facts (none when the sale file lacks it). */
export type Placement = Record<FactGroup, string[]>

export const latestYear = (company: Company) => company.years.at(-1)!.year
