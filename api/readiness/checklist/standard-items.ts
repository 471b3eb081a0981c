import type { ChecklistSection } from '../../../shared/checklist'
import type { ContentKind } from '../../facts/tables-hold'

/**
 * What identifies a document that answers an item: words of its title or category, words of its
 * text. Terms are lowercase phrases matched on word boundaries (plurals written out where a title
 * says them), chosen for the kind of file a seller keeps, not for any one organization's files.
 */
export interface ChecklistRule {
  key: string
  section: ChecklistSection
  /** The request as a buyer's list words it. */
  title: string
  /** Any of these in the title (or the category) names the document for what it is. */
  titleTerms: readonly string[]
  /** Any of these in the text suggests the document, to be confirmed. */
  contentTerms: readonly string[]
  /**
   * Any of these in the title names one part of what is asked (an income statement of the three
   * statements): the document is suggested, to be confirmed, never taken for the whole request.
   */
  partTerms?: readonly string[]
  /** How many distinct years the request asks for (three years of statements); one when absent. */
  years?: number
  /**
   * Whether the request is for something current, so a document dated over a year ago is stale.
   * Contracts, leases, registrations and corporate records stay in force: their age says nothing.
   */
  dated?: boolean
  /** What a document's tables hold that answers it, whatever its title (api/facts/tables-hold.ts). */
  holds?: ContentKind
}

const rule = (
  key: string,
  section: ChecklistSection,
  title: string,
  titleTerms: readonly string[],
  contentTerms: readonly string[],
  options: { years?: number; dated?: boolean; partTerms?: readonly string[]; holds?: ContentKind } = {},
): ChecklistRule => ({ key, section, title, titleTerms, contentTerms, ...options })

/** A standard buyer's request list: about forty items, in the order a data room is usually laid out. */
export const STANDARD_ITEMS: readonly ChecklistRule[] = [
  // Financial
  rule(
    'financial-statements',
    'Financial',
    'Annual financial statements for the last three years (audited or reviewed)',
    ['financial statements', 'annual accounts', 'audited accounts', 'statutory accounts', 'annual report'],
    [
      'balance sheet',
      'income statement',
      'statement of financial position',
      'statement of cash flows',
      'profit and loss',
    ],
    {
      years: 3,
      dated: true,
      holds: 'financial-statements',
      partTerms: [
        'income statement',
        'income statements',
        'profit and loss',
        'p&l',
        'balance sheet',
        'balance sheets',
        'cash flow statement',
        'statement of cash flows',
      ],
    },
  ),
  rule(
    'management-accounts',
    'Financial',
    'Monthly management accounts for the current and last financial year',
    ['management accounts', 'monthly accounts', 'monthly p&l', 'monthly report', 'month end'],
    ['management accounts', 'month to date', 'year to date', 'ytd', 'budget variance'],
    { dated: true },
  ),
  rule(
    'budget-forecast',
    'Financial',
    'Budget for this year and financial forecast or projections',
    ['budget', 'forecast', 'projections', 'financial model'],
    ['forecast', 'projected revenue', 'projections', 'budget'],
    { dated: true },
  ),
  rule(
    'revenue-breakdown',
    'Financial',
    'Revenue and gross margin by product, service and location',
    // A split by what is sold or where: "sales by quarter" is revenue over time, no breakdown.
    [
      'revenue by product',
      'revenue by service',
      'revenue by line',
      'revenue by product line',
      'revenue by location',
      'revenue by region',
      'revenue by segment',
      'revenue by channel',
      'sales by product',
      'sales by service',
      'sales by line',
      'sales by product line',
      'sales by location',
      'sales by region',
      'sales by segment',
      'sales by channel',
      'revenue breakdown',
      'margin analysis',
      'gross margin',
    ],
    ['revenue by product', 'revenue by customer', 'gross margin', 'sales by region'],
    { dated: true, holds: 'revenue-breakdown' },
  ),
  rule(
    'ar-ap-aging',
    'Financial',
    'Accounts receivable and payable aging reports',
    ['aging', 'ageing', 'receivables', 'payables', 'debtors', 'creditors'],
    ['accounts receivable', 'accounts payable', 'days outstanding', 'aging', 'ageing'],
    { dated: true },
  ),
  rule(
    'quality-of-earnings',
    'Financial',
    'Quality of earnings report or EBITDA adjustments (add-backs)',
    [
      'quality of earnings',
      'qoe',
      'ebitda',
      'add-backs',
      'addbacks',
      'normalization',
      'normalisation',
      'owner adjustments',
      'ebitda adjustments',
      'recast',
    ],
    ['adjusted ebitda', 'add-back', 'add-backs', 'normalized ebitda', 'normalised ebitda', 'owner adjustment'],
    { dated: true, holds: 'add-backs' },
  ),
  rule(
    'capex-fixed-assets',
    'Financial',
    'Fixed asset register and capital expenditure history',
    ['fixed asset', 'asset register', 'capex', 'capital expenditure', 'depreciation schedule'],
    ['fixed asset register', 'capital expenditure', 'accumulated depreciation', 'net book value'],
    { dated: true, holds: 'capex-history' },
  ),
  rule(
    'bank-statements',
    'Financial',
    'Bank statements for the last twelve months',
    ['bank statement', 'bank statements', 'bank reconciliation'],
    ['opening balance', 'closing balance', 'account number', 'bank reconciliation'],
    { dated: true },
  ),
  // Tax
  rule(
    'tax-returns',
    'Tax',
    'Corporate income tax returns for the last three years',
    ['tax return', 'tax returns', 'form 1120', 'corporation tax', 'ct600'],
    ['tax return', 'taxable income', 'form 1120', 'corporation tax', 'income tax'],
    { years: 3, dated: true },
  ),
  rule(
    'sales-payroll-tax',
    'Tax',
    'Sales, VAT and payroll tax filings',
    ['sales tax', 'vat return', 'gst', 'payroll tax', 'form 941'],
    ['sales tax', 'vat', 'payroll tax', 'withholding', 'form 941'],
    { dated: true },
  ),
  rule(
    'tax-correspondence',
    'Tax',
    'Tax audits, assessments and correspondence with tax authorities',
    ['tax audit', 'tax assessment', 'irs', 'hmrc', 'tax notice'],
    ['tax audit', 'notice of assessment', 'internal revenue service', 'hmrc'],
  ),
  // Customers & sales
  rule(
    'customer-contracts',
    'Customers & sales',
    'Material customer contracts and master service agreements',
    [
      'customer contract',
      'customer agreement',
      'master services agreement',
      'msa',
      'supply agreement',
      'sales agreement',
    ],
    ['the customer', 'master services agreement', 'statement of work', 'service level'],
  ),
  rule(
    'customer-concentration',
    'Customers & sales',
    'Customer list with revenue per customer and concentration (top 10)',
    [
      'customer list',
      'customers',
      'customer concentration',
      'top customers',
      'top 10 customers',
      'revenue by customer',
    ],
    [
      'customer concentration',
      'top 10 customers',
      'top ten customers',
      'of total revenue',
      'share of revenue',
      'revenue by customer',
    ],
    { dated: true, holds: 'customer-revenue' },
  ),
  rule(
    'sales-pipeline',
    'Customers & sales',
    'Sales pipeline, backlog and order book',
    ['pipeline', 'backlog', 'order book'],
    ['pipeline', 'backlog', 'order book', 'win rate'],
    { dated: true },
  ),
  rule(
    'pricing-terms',
    'Customers & sales',
    'Price lists, standard terms and conditions of sale',
    ['price list', 'pricing', 'terms and conditions', 'terms of sale'],
    ['terms and conditions', 'price list', 'payment terms'],
  ),
  // Suppliers
  rule(
    'supplier-contracts',
    'Suppliers',
    'Material supplier and vendor contracts',
    ['supplier agreement', 'supplier contract', 'vendor agreement', 'purchase agreement', 'procurement'],
    ['the supplier', 'the vendor', 'purchase order', 'supply of goods'],
  ),
  rule(
    'supplier-concentration',
    'Suppliers',
    'Top suppliers with annual spend and any single-source dependencies',
    ['supplier list', 'top suppliers', 'vendor list', 'supplier concentration'],
    ['top suppliers', 'sole supplier', 'single source', 'annual spend'],
    { dated: true },
  ),
  // Property
  rule(
    'leases',
    'Property',
    'Leases of premises, with amendments',
    ['lease', 'leases', 'tenancy', 'sublease'],
    ['lease', 'landlord', 'tenant', 'premises', 'rent'],
    { holds: 'premises' },
  ),
  rule(
    'owned-property',
    'Property',
    'Deeds and title documents for owned real estate',
    ['deed', 'title deed', 'property title', 'real estate'],
    ['deed', 'freehold', 'title to the property', 'parcel'],
  ),
  rule(
    'environmental',
    'Property',
    'Environmental reports, permits and assessments',
    ['environmental', 'phase i', 'phase 1', 'esg'],
    ['environmental', 'contamination', 'hazardous', 'emissions'],
  ),
  // People
  rule(
    'employee-list',
    'People',
    'Employee census: roles, start dates, pay, benefits and status',
    ['employee list', 'employee census', 'headcount', 'staff list', 'payroll'],
    ['employee', 'salary', 'start date', 'full-time', 'headcount'],
    { dated: true },
  ),
  rule(
    'key-employee-agreements',
    'People',
    'Employment agreements of key employees, non-competes and retention',
    ['employment agreement', 'employment contract', 'non-compete', 'retention agreement', 'offer letter'],
    ['employment agreement', 'non-compete', 'non-solicitation', 'the employee', 'severance'],
  ),
  rule(
    'org-chart',
    'People',
    'Organisation chart',
    ['organisation chart', 'organization chart', 'org chart', 'organigram'],
    ['reports to', 'org chart', 'organization chart', 'organisation chart'],
    { dated: true },
  ),
  rule(
    'benefit-plans',
    'People',
    'Benefit, pension, bonus and equity incentive plans',
    ['benefit plan', 'pension', '401(k)', 'bonus plan', 'incentive plan', 'stock option', 'esop'],
    ['pension', 'bonus', 'stock option', 'vesting', 'benefit plan'],
  ),
  rule(
    'contractors',
    'People',
    'Contractor and consultant agreements',
    ['contractor', 'consultant', 'consulting agreement', 'independent contractor'],
    ['independent contractor', 'consultant', 'consulting services'],
  ),
  rule(
    'hr-policies',
    'People',
    'Employee handbook and HR policies',
    ['handbook', 'hr policy', 'hr policies', 'code of conduct'],
    ['handbook', 'policy', 'code of conduct', 'disciplinary'],
  ),
  // Legal
  rule(
    'litigation',
    'Legal',
    'Pending, threatened and past litigation, claims and disputes',
    ['litigation', 'lawsuit', 'claim', 'dispute', 'legal proceedings'],
    ['plaintiff', 'defendant', 'litigation', 'lawsuit', 'settlement', 'court'],
  ),
  rule(
    'licences-permits',
    'Legal',
    'Business licences, permits and regulatory registrations',
    ['licence', 'license', 'licences', 'licenses', 'permit', 'permits'],
    ['licence', 'license', 'permit', 'regulator', 'registration number'],
  ),
  rule(
    'compliance',
    'Legal',
    'Regulatory compliance, data protection and privacy policies',
    ['compliance', 'gdpr', 'privacy policy', 'data protection', 'hipaa'],
    ['compliance', 'personal data', 'data protection', 'regulatory'],
  ),
  rule(
    'material-contracts',
    'Legal',
    'Other material contracts: partnerships, joint ventures, distribution, agency',
    ['partnership agreement', 'joint venture', 'distribution agreement', 'agency agreement', 'franchise'],
    ['joint venture', 'distribution agreement', 'exclusive', 'change of control'],
  ),
  // IP
  rule(
    'ip-register',
    'IP',
    'Trademarks, patents, copyrights and domain names, with registrations',
    ['trademark', 'trade mark', 'patent', 'copyright', 'intellectual property', 'domain'],
    ['trademark', 'patent', 'copyright', 'intellectual property', 'registration no'],
  ),
  rule(
    'ip-assignments',
    'IP',
    'IP assignments and software licences in and out',
    ['ip assignment', 'invention assignment', 'software licence', 'software license', 'licence agreement'],
    ['assigns all right', 'invention', 'licensor', 'licensee', 'source code'],
  ),
  // Debt
  rule(
    'loan-agreements',
    'Debt',
    'Loan and credit agreements, with current balances',
    ['loan', 'credit agreement', 'credit facility', 'promissory note', 'debt schedule'],
    ['borrower', 'lender', 'principal amount', 'interest rate', 'credit facility'],
  ),
  rule(
    'liens-guarantees',
    'Debt',
    'Liens, security interests, guarantees and UCC filings',
    ['lien', 'liens', 'security agreement', 'guarantee', 'guaranty', 'ucc'],
    ['security interest', 'lien', 'guarantor', 'collateral', 'ucc-1'],
  ),
  rule(
    'leases-equipment',
    'Debt',
    'Equipment leases and hire-purchase agreements',
    ['equipment lease', 'hire purchase', 'finance lease', 'capital lease'],
    ['equipment lease', 'lessee', 'lessor', 'hire purchase'],
  ),
  // Corporate
  rule(
    'formation-documents',
    'Corporate',
    'Articles of incorporation, bylaws or operating agreement',
    [
      'articles of incorporation',
      'certificate of incorporation',
      'bylaws',
      'operating agreement',
      'articles of association',
    ],
    ['articles of incorporation', 'bylaws', 'operating agreement', 'incorporated under'],
  ),
  rule(
    'cap-table',
    'Corporate',
    'Capitalisation table and shareholder register',
    [
      'cap table',
      'capitalization table',
      'capitalisation table',
      'shareholder register',
      'share register',
      'stock ledger',
    ],
    ['shareholder', 'shares outstanding', 'fully diluted', 'ownership'],
    { dated: true },
  ),
  rule(
    'board-minutes',
    'Corporate',
    'Board and shareholder minutes and resolutions',
    ['minutes', 'board minutes', 'resolution', 'resolutions'],
    ['board of directors', 'resolved', 'quorum', 'minutes of'],
  ),
  rule(
    'shareholder-agreements',
    'Corporate',
    'Shareholder, buy-sell and voting agreements',
    ['shareholder agreement', 'shareholders agreement', 'buy-sell', 'buy sell', 'voting agreement'],
    ['buy-sell', 'right of first refusal', 'drag-along', 'tag-along'],
  ),
  rule(
    'good-standing',
    'Corporate',
    'Certificates of good standing and list of jurisdictions',
    ['good standing', 'certificate of status', 'foreign qualification'],
    ['good standing', 'secretary of state', 'duly incorporated'],
    { dated: true },
  ),
  // Insurance
  rule(
    'insurance-policies',
    'Insurance',
    'Insurance policies and certificates (property, liability, D&O, key person)',
    ['insurance', 'policy schedule', 'certificate of insurance', 'coverage'],
    ['insured', 'insurer', 'premium', 'policy number', 'coverage'],
    { dated: true },
  ),
  rule(
    'insurance-claims',
    'Insurance',
    'Insurance claims history for the last five years',
    ['claims history', 'loss run', 'loss runs', 'insurance claims'],
    ['loss run', 'claims history', 'claim number'],
    { dated: true },
  ),
  // Operations
  rule(
    'it-systems',
    'Operations',
    'IT systems, software in use and cybersecurity measures',
    ['it systems', 'systems overview', 'cybersecurity', 'security policy', 'disaster recovery'],
    ['cybersecurity', 'backup', 'disaster recovery', 'erp', 'software'],
  ),
  rule(
    'inventory',
    'Operations',
    'Inventory listing and valuation',
    ['inventory', 'stock count', 'stock list'],
    ['inventory', 'stock on hand', 'sku', 'obsolete'],
    { dated: true },
  ),
]
