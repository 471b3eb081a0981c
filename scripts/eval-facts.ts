// `npm run eval:facts -- --generated 0-99 [--misses]`: how many of the figures a generated sale
// file's tables hold the table reader (api/facts/table-facts.ts) reads as facts. Each seed's files
// are extracted as ingestion extracts them, read by tableFacts, and compared with the facts the
// company's numbers say each file holds (every income statement line per fiscal year, balance sheet
// line per year end, revenue per product line per month and per quarter, customers per year,
// add-backs and their total, capex per year, monthly rent per premises). An expected fact is found
// when a fact has its measure key (or its entity), its period and its value; wrong when facts have
// its key or entity and period but none its value. Tallied per group of facts, per layout family
// and per format of the files. Seeds below 1000 are for tuning, 1000–1049 for reporting only
// (docs/evaluation.md). `--misses` lists every expected fact not found, with the facts read instead.
import { factsRecall, type Tally } from './eval/facts-recall'
import { seedRange } from './eval/seeds'

const args = process.argv.slice(2)
const at = args.indexOf('--generated')
const seeds = (at >= 0 && seedRange(args[at + 1] ?? '')) || usage()

function usage(): never {
  console.error('Usage: npm run eval:facts -- --generated <seed or first-last> [--misses]')
  process.exit(1)
}
const showMisses = args.includes('--misses')

const { files, factCount, readMs, contradicting, tallies, readiness } = await factsRecall(
  seeds,
  showMisses ? (line) => console.log(line) : undefined,
)

const table = (title: string, map: Map<string, Tally>) => {
  const rows: Record<string, Record<string, string | number>> = {}
  for (const [name, tally] of [...map].sort((a, b) => a[0].localeCompare(b[0]))) {
    const total = tally.found + tally.wrong + tally.missing
    rows[name] = {
      expected: total,
      found: tally.found,
      wrong: tally.wrong,
      missing: tally.missing,
      recall: `${((100 * tally.found) / total).toFixed(1)}%`,
    }
  }
  console.log(`\n${title}`)
  console.table(rows)
}

console.log(
  `Seeds ${seeds[0]}–${seeds.at(-1)}: ${files} files, ${factCount} facts read from their tables in ${readMs.toFixed(0)} ms`,
)
console.log(
  `Facts read that contradict the company's numbers (its measure or entity and period, another value): ${contradicting}`,
)
table('Expected facts by group', tallies.group)
table('By format of the file', tallies.format)
table('By layout family of the file', tallies.family)
table(
  'Readiness fields the facts of all files hold (found: the one figure stated is the gold, or none where the files hold none; missing: none, or figures that disagree)',
  readiness,
)
