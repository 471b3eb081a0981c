import type { BalanceSheet, Company, Customer, FiscalYear, IncomeYear, Lease, OperatingLine } from './model'
import { Random } from './random'

interface Industry {
  industry: string
  shortName: string
  names: string[]
  productLines: string[]
  customers: string[]
  premises: string[]
  /** Gross margin range. */
  margin: [number, number]
}

const INDUSTRIES: Industry[] = [
  {
    industry: 'dental laboratory',
    shortName: 'the lab',
    names: ['Crestline Dental Lab', 'Bright Arch Dental Studio', 'Summit Prosthetics Lab'],
    productLines: ['Crowns and bridges', 'Dentures', 'Implants', 'Orthodontic appliances'],
    customers: [
      'Lakeside Family Dentistry',
      'Oak Ridge Dental Group',
      'Smile Center of Fairview',
      'Dr. Patel Orthodontics',
      'Riverbend Dental',
      'Northpoint Oral Surgery',
      'Willow Creek Dental',
      'Harbor Smiles',
    ],
    premises: ['laboratory', 'front office'],
    margin: [0.38, 0.52],
  },
  {
    industry: 'heating and air conditioning contractor',
    shortName: 'the company',
    names: ['Polar Peak Heating & Air', 'Redline HVAC Services', 'Comfort Zone Mechanical'],
    productLines: ['Residential service', 'Commercial service', 'Installations', 'Maintenance plans'],
    customers: [
      'Greystone Property Management',
      'Maple Court Apartments',
      'City of Fairview',
      'St. Luke Medical Center',
      'Tri-County Schools',
      'Westgate Mall LLC',
      'Kessler Builders',
      'Pinecrest HOA',
    ],
    premises: ['shop and warehouse', 'sales office'],
    margin: [0.28, 0.42],
  },
  {
    industry: 'precision machine shop',
    shortName: 'the shop',
    names: ['Ironwood Precision Machining', 'Delta Tool & Die', 'Keystone CNC Works'],
    productLines: ['Aerospace parts', 'Medical components', 'Industrial repairs', 'Prototyping'],
    customers: [
      'Aerolift Systems',
      'Medline Devices',
      'Baxter Pump Co.',
      'Northern Rail Supply',
      'Vantage Robotics',
      'Hollis Hydraulics',
      'Quarry Equipment Inc.',
      'Sterling Valves',
    ],
    premises: ['machine shop', 'warehouse'],
    margin: [0.24, 0.36],
  },
  {
    industry: 'commercial landscaping company',
    shortName: 'the business',
    names: ['Greenway Grounds', 'Evergreen Landscape Group', 'Blue Spruce Outdoor Services'],
    productLines: ['Maintenance contracts', 'Snow removal', 'Design and build', 'Irrigation'],
    customers: [
      'Parkview Office Campus',
      'Riverside HOA',
      'Fairview School District',
      'Lakeshore Hotels',
      'Cedar Point Retail Center',
      'Mercy Hospital',
      'Oakmont Apartments',
      'County Parks Department',
    ],
    premises: ['yard and garage', 'office'],
    margin: [0.3, 0.45],
  },
  {
    industry: 'specialty bakery',
    shortName: 'the bakery',
    names: ['Golden Crust Bakehouse', 'Hearthstone Breads', 'Sugar Maple Bakery'],
    productLines: ['Wholesale bread', 'Retail cafe', 'Catering', 'Custom cakes'],
    customers: [
      'Greenleaf Markets',
      'FreshWay Grocers',
      'Northgate Cafes',
      'Cedar Valley Schools',
      'Harvest Table Restaurants',
      'Union Station Deli',
      'Bluebird Coffee Co.',
      'Metro Catering',
    ],
    premises: ['production bakery', 'retail cafe'],
    margin: [0.34, 0.46],
  },
]

const FIRST = [
  'Greg',
  'Maria',
  'Daniel',
  'Priya',
  'Tomas',
  'Linda',
  'Kevin',
  'Angela',
  'Robert',
  'Mei',
  'Samuel',
  'Joanna',
  'Victor',
  'Helen',
  'Marcus',
  'Teresa',
]
const LAST = [
  'Holloway',
  'Nguyen',
  'Ramirez',
  'Kowalski',
  'Bennett',
  'Okafor',
  'Lindqvist',
  'Sato',
  'Marchetti',
  'Duarte',
  'Fitzgerald',
  'Abernathy',
  'Castellano',
  'Whitaker',
]
const PLACES: Array<[string, string]> = [
  ['Fairview', 'Ohio'],
  ['Bend', 'Oregon'],
  ['Greenville', 'South Carolina'],
  ['Rochester', 'Minnesota'],
  ['Boise', 'Idaho'],
  ['Lancaster', 'Pennsylvania'],
  ['Fort Collins', 'Colorado'],
  ['Macon', 'Georgia'],
]
const STREETS = [
  'Industrial Parkway',
  'Commerce Drive',
  'Main Street',
  'Riverside Avenue',
  'Mill Road',
  'Enterprise Way',
]
const LANDLORDS = [
  'Parkway Holdings LLC',
  'Miller Family Trust',
  'Crossroads Realty',
  'Dunmore Properties',
  'Westfield Land Co.',
]
const ROLES = ['operations manager', 'controller', 'production lead', 'sales manager', 'office manager']
const ADD_BACKS = [
  "Owner's salary above market",
  'One-time legal fees',
  'Personal vehicle expenses',
  "Owner's family member on payroll",
  'Relocation costs (non-recurring)',
  'Personal travel',
  'Settlement of a lawsuit',
]
const VALUERS = [
  'Harbor Point Advisors',
  'Meridian Valuation Group',
  'Clearwater Capital Partners',
  'Brookline Business Appraisers',
]

/** Whole thousands. */
const thousands = (value: number) => Math.round(value / 1000) * 1000
const iso = (year: number, month: number, day: number) =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate()

/** Splits a whole-thousands `total` into `weights.length` whole-thousands parts that add up to it. */
export function split(total: number, weights: number[]) {
  const sum = weights.reduce((a, b) => a + b, 0)
  const parts = weights.map((weight) => thousands((total * weight) / sum))
  parts[parts.length - 1]! += total - parts.reduce((a, b) => a + b, 0)
  return parts
}

function fiscalYears(random: Random, count: number, yearEnd: { month: number; day: number }): FiscalYear[] {
  const latest = random.int(2023, 2025)
  return Array.from({ length: count }, (_, index) => {
    const year = latest - count + 1 + index
    const startYear = yearEnd.month === 12 ? year : year - 1
    const startMonth = (yearEnd.month % 12) + 1
    return { year, start: iso(startYear, startMonth, 1), end: iso(year, yearEnd.month, yearEnd.day) }
  })
}

interface Shape {
  margin: number
  debt: number
  /** The leases' rent a year: the P&L's rent line. */
  rent: number
  marketing: boolean
}

function incomeYear(random: Random, revenue: number, { margin, debt, rent, marketing }: Shape): IncomeYear {
  const grossProfit = thousands(revenue * margin)
  const costOfSales = revenue - grossProfit
  // Operating expenses of at least a tenth of revenue: salaries alone are more.
  const ebitdaMargin = random.between(0.08, Math.min(0.2, margin - 0.12))
  const operatingExpenses = grossProfit - thousands(revenue * ebitdaMargin)
  const keys: Array<Exclude<OperatingLine['key'], 'rent'>> = [
    'salaries',
    'utilities',
    'insurance',
    'professional',
    'other',
  ]
  if (marketing) keys.splice(1, 0, 'marketing')
  const labels: Record<OperatingLine['key'], string> = {
    salaries: 'Salaries and wages',
    rent: 'Rent',
    marketing: 'Marketing',
    utilities: 'Utilities',
    insurance: 'Insurance',
    professional: 'Professional fees',
    other: 'Other operating expenses',
  }
  const weights: Record<Exclude<OperatingLine['key'], 'rent'>, number> = {
    salaries: 10,
    marketing: 1,
    utilities: 0.7,
    insurance: 0.6,
    professional: 0.5,
    other: 1.2,
  }
  const amounts = split(
    operatingExpenses - rent,
    keys.map((key) => weights[key] * random.between(0.8, 1.2)),
  )
  const operating: OperatingLine[] = keys.map((key, index) => ({ key, label: labels[key], amount: amounts[index]! }))
  operating.splice(1, 0, { key: 'rent', label: labels.rent, amount: rent })
  const ebitda = grossProfit - operatingExpenses
  const depreciation = thousands(revenue * random.between(0.015, 0.035))
  const operatingIncome = ebitda - depreciation
  const interest = thousands(debt * random.between(0.05, 0.08))
  const pretaxIncome = operatingIncome - interest
  const incomeTax = pretaxIncome > 0 ? thousands(pretaxIncome * random.between(0.21, 0.27)) : 0
  return {
    revenue,
    costOfSales,
    grossProfit,
    operating,
    operatingExpenses,
    ebitda,
    depreciation,
    operatingIncome,
    interest,
    pretaxIncome,
    incomeTax,
    netIncome: pretaxIncome - incomeTax,
    capex: thousands(revenue * random.between(0.02, 0.06)),
  }
}

function balanceSheet(random: Random, asOf: string, revenue: number, termLoan: number): BalanceSheet {
  const receivables = thousands(revenue * random.between(0.08, 0.15))
  const inventory = thousands(revenue * random.between(0.03, 0.1))
  const prepaid = thousands(revenue * random.between(0.005, 0.015))
  const payables = thousands(revenue * random.between(0.05, 0.09))
  const accrued = thousands(revenue * random.between(0.02, 0.04))
  const revolver = random.chance(0.5) ? thousands(revenue * random.between(0.02, 0.05)) : 0
  const currentDebt = thousands(termLoan * random.between(0.15, 0.25))
  const equipment = thousands(revenue * random.between(0.15, 0.35))
  const currentLiabilities = payables + accrued + revolver + currentDebt
  const totalLiabilities = currentLiabilities + termLoan
  // Cash enough that the owner's equity stays positive: these are going concerns.
  const floor = totalLiabilities + thousands(revenue * 0.05) - (receivables + inventory + prepaid + equipment)
  const cash = Math.max(thousands(revenue * random.between(0.03, 0.1)), floor)
  const currentAssets = cash + receivables + inventory + prepaid
  const totalAssets = currentAssets + equipment
  const equity = totalAssets - totalLiabilities
  return {
    asOf,
    cash,
    receivables,
    inventory,
    prepaid,
    currentAssets,
    equipment,
    totalAssets,
    payables,
    accrued,
    revolver,
    currentDebt,
    currentLiabilities,
    termLoan,
    totalLiabilities,
    equity,
    liabilitiesAndEquity: totalLiabilities + equity,
  }
}

function person(random: Random, taken: Set<string>) {
  for (;;) {
    const name = `${random.pick(FIRST)} ${random.pick(LAST)}`
    if (!taken.has(name)) {
      taken.add(name)
      return name
    }
  }
}

/** One or two leases, each ending after the latest fiscal year (an expired lease is not in a sale file). */
function leasesOf(random: Random, industry: Industry, latest: FiscalYear, revenue: number, place: string): Lease[] {
  const premises = industry.premises.slice(0, random.int(1, 2))
  return premises.map((name) => {
    const endYear = latest.year + random.int(1, 9)
    const endMonth = random.int(1, 12)
    return {
      premises: name,
      address: `${random.int(100, 9800)} ${random.pick(STREETS)}, ${place}`,
      landlord: random.pick(LANDLORDS),
      start: iso(latest.year - random.int(1, 8), random.int(1, 12), 1),
      end: iso(endYear, endMonth, lastDay(endYear, endMonth)),
      monthlyRent: Math.max(
        1000,
        Math.round((revenue * random.between(0.01, 0.03)) / 12 / premises.length / 250) * 250,
      ),
    }
  })
}

/** The company of a seed: the same seed, the same company. */
export function generateCompany(seed: number): Company {
  const random = new Random(seed)
  const industry = random.pick(INDUSTRIES)
  const [city, state] = random.pick(PLACES)
  const yearEnd = random.pick([
    { month: 12, day: 31 },
    { month: 12, day: 31 },
    { month: 6, day: 30 },
    { month: 9, day: 30 },
  ])
  const years = fiscalYears(random, random.int(3, 5), yearEnd)
  const names = new Set<string>()
  const founder = person(random, names)
  const owner = random.chance(0.5) ? founder : person(random, names)
  const people = random.sample(ROLES, 2).map((role) => ({ name: person(random, names), role }))

  const latest = years.at(-1)!
  let revenue = thousands(random.between(2_500_000, 14_000_000))
  const debt0 = thousands(revenue * random.between(0.1, 0.3))
  const leases = leasesOf(random, industry, latest, revenue, `${city}, ${state}`)
  // Rent is the leases' (a multiple of $250 a month, so whole thousands a year), the same each year.
  const rent = leases.reduce((sum, lease) => sum + lease.monthlyRent * 12, 0)
  const marketing = random.chance(0.5)
  const income: Record<number, IncomeYear> = {}
  for (const [index, { year }] of years.entries()) {
    if (index > 0) revenue = thousands(revenue * random.between(0.96, 1.14))
    income[year] = incomeYear(random, revenue, {
      margin: random.between(...industry.margin),
      debt: debt0,
      rent,
      marketing,
    })
  }
  const prior = years.at(-2)!
  const latestRevenue = income[latest.year]!.revenue
  const termLoanLatest = thousands(debt0 * random.between(0.6, 0.85))
  const balance = [
    balanceSheet(random, prior.end, income[prior.year]!.revenue, thousands(debt0 * random.between(0.85, 1))),
    balanceSheet(random, latest.end, latestRevenue, termLoanLatest),
  ]

  const productLines = random.sample(industry.productLines, random.int(2, 4))
  const lineTotals = split(
    latestRevenue,
    productLines.map(() => random.between(0.5, 2)),
  )
  const seasonal = Array.from({ length: 12 }, () => random.between(0.8, 1.2))
  const monthly = productLines.map((line, index) => ({ line, months: split(lineTotals[index]!, seasonal) }))
  const [startYear, startMonth] = latest.start.split('-').map(Number) as [number, number]
  const months = Array.from({ length: 12 }, (_, index) => {
    const month = ((startMonth - 1 + index) % 12) + 1
    return iso(startYear + Math.floor((startMonth - 1 + index) / 12), month, 1)
  })

  const named = random.sample(industry.customers, random.int(4, 7))
  const shares = named.map(() => random.between(0.03, 0.16)).sort((a, b) => b - a)
  const customers: Customer[] = named.map((name, index) => ({
    name,
    revenue: {
      [prior.year]: thousands(income[prior.year]!.revenue * shares[index]! * random.between(0.85, 1.1)),
      [latest.year]: thousands(latestRevenue * shares[index]!),
    },
  }))

  const addBacks = random
    .sample(ADD_BACKS, random.int(2, 5))
    .map((label) => ({ label, amount: thousands(random.between(15_000, 160_000)) }))
  const normalized = income[latest.year]!.ebitda + addBacks.reduce((sum, item) => sum + item.amount, 0)
  const multipleLow = random.between(3, 4.5)
  const low = Math.round((normalized * multipleLow) / 100_000) * 100_000
  const high = low + Math.round((normalized * random.between(0.8, 1.6)) / 100_000) * 100_000
  const valuation = random.chance(0.75)
    ? {
        firm: random.pick(VALUERS),
        date: iso(latest.year + 1, random.int(1, 6), random.int(1, 28)),
        low,
        high,
        concluded: random.chance(0.5) ? Math.round((low + high) / 2 / 100_000) * 100_000 : null,
      }
    : null
  const goalYear = latest.year + random.int(2, 4)
  const goalMonth = random.pick([3, 6, 12])
  const goal = random.chance(0.75)
    ? {
        afterTax: Math.max(500_000, Math.round((low * random.between(0.5, 0.9)) / 500_000) * 500_000),
        byDate: iso(goalYear, goalMonth, lastDay(goalYear, goalMonth)),
      }
    : null

  return {
    seed,
    name: random.pick(industry.names),
    shortName: industry.shortName,
    industry: industry.industry,
    city,
    state,
    founded: latest.year - random.int(12, 40),
    founder,
    owner,
    headcount: Math.max(8, Math.round(latestRevenue / random.between(110_000, 190_000))),
    people,
    yearEnd,
    years,
    income,
    balance,
    productLines,
    monthly,
    months,
    customers,
    addBacks,
    valuation,
    goal,
    leases,
  }
}
