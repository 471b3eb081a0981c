import { type Company, type FactGroup, latestYear } from './model'
import type { Random } from './random'

/**
 * File names as owners give them: versions, exports, scans, who the file was for; never a name
 * that says which statement is inside, so the answerer has to read the file to know.
 */

export type NameKind = Exclude<FactGroup, 'capex'> | 'workbook'

export class FileNames {
  private readonly used = new Set<string>()
  private scan: number
  private readonly advisor: string

  constructor(
    private readonly random: Random,
    private readonly company: Company,
  ) {
    this.scan = random.int(12, 4000)
    this.advisor = random.pick(['Dave', 'Karen', 'Tom', 'Lisa'])
  }

  private stems(kind: NameKind): string[] {
    const year = latestYear(this.company)
    const yy = String(year).slice(2)
    const first = this.company.years[0]!.year
    const owner = this.company.owner.split(' ')[0]!
    const short = this.company.name.split(' ')[0]!
    switch (kind) {
      case 'workbook':
        return [
          `FY${yy} numbers final v3`,
          `P&L ${first}-${year} (2)`,
          `financials ${year}`,
          `${short} books ${first}-${year}`,
          `from CPA - year end ${year}`,
          `accountant pack ${year}`,
        ]
      case 'income':
        return [`P&L ${first}-${year}`, `year end ${year}`, `numbers for ${this.advisor}`, `FY${yy} results`]
      case 'balance':
        return [
          `for ${this.advisor} - BS`,
          'bank pack',
          `BS ${year}`,
          `year end position ${year}`,
          'what we own and owe',
        ]
      case 'quarterly':
        return [`quarters ${year}`, `Q by Q FY${yy}`, 'qtrly sales', `sales by quarter ${year}`]
      case 'monthly':
        return [`monthly sales FY${yy}`, 'sales_by_month_export', `QB export ${year}`, 'GL revenue detail']
      case 'customers':
        return ['CustomerList_export', 'top customers', 'who buys from us', `customers ${year - 1}-${yy}`]
      case 'addBacks':
        return ['addbacks', `adjustments for ${this.advisor}`, 'normalizing items', 'owner perks list']
      case 'valuation':
        return [`${this.company.valuation!.firm.split(' ')[0]} letter`, `valuation ${year + 1}`, 'appraisal - final']
      case 'goal':
        return [`notes from ${owner}`, 'what I want', 'my goals', `memo to ${this.advisor}`]
      case 'profile':
        return ['about us', `company profile ${year}`, `${short} overview`, 'intro for buyers']
      case 'leases':
        return ['leases', 'lease summary', 'rent & leases', 'premises']
    }
  }

  /** A name for a file holding `kind`; some PDFs come back from the scanner as Scan_0042.pdf. */
  name(kind: NameKind, extension: string): string {
    const scanned = extension === 'pdf' && this.random.chance(0.3)
    let name = scanned
      ? `Scan_${String(this.scan++).padStart(4, '0')}.pdf`
      : `${this.random.pick(this.stems(kind))}.${extension}`
    for (let copy = 2; this.used.has(name.toLowerCase()); copy++)
      name = name.replace(/( \(\d+\))?(\.\w+)$/, ` (${copy})$2`)
    this.used.add(name.toLowerCase())
    return name
  }
}
