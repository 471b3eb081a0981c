// Run in a fresh process by the rendering benchmark: one case, timed, with the process's peak memory.
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'

import { reportDocx } from '../../api/exports/docx'
import { markdownBlocks } from '../../api/exports/markdown-blocks'
import { reportPdf } from '../../api/exports/pdf'
import { Markdown } from '../../app/components/markdown'
import { LONG_WORD_TABLE, messageReport, planAtLimits, WIDE_TABLE } from '../../tests/support/rendering-shapes'

export const RENDERING_CASES = {
  'finding 1, 20 columns, one 7,800-character word: chat page': () => page(LONG_WORD_TABLE),
  'finding 1, 20 columns, one 7,800-character word: PDF': () =>
    reportPdf(messageReport(markdownBlocks(LONG_WORD_TABLE))),
  'finding 1, 20 columns, one 7,800-character word: Word': () =>
    reportDocx(messageReport(markdownBlocks(LONG_WORD_TABLE))),
  'finding 2, 1,000 columns x 1,998 rows: chat page': () => page(WIDE_TABLE),
  'finding 2, 1,000 columns x 1,998 rows: PDF': () => reportPdf(messageReport(markdownBlocks(WIDE_TABLE))),
  'finding 2, 1,000 columns x 1,998 rows: Word': () => reportDocx(messageReport(markdownBlocks(WIDE_TABLE))),
  'finding 4, plan of 500 tasks of 500 characters: PDF': () => reportPdf(planAtLimits()),
  'finding 4, plan of 500 tasks of 500 characters: Word': () => reportDocx(planAtLimits()),
} satisfies Record<string, () => unknown>

/** A message as the chat page renders it on the server. */
function page(markdown: string) {
  return renderToString(createElement(Markdown, null, markdown))
}

/** What one case made, in a unit that says how big it was: characters of HTML or bytes of file. */
const sizeOf = (made: unknown) => (typeof made === 'string' ? made.length : (made as Buffer).length)

const name = process.argv[2]
const rounds = Number(process.argv[3] ?? 3)
const run = RENDERING_CASES[name as keyof typeof RENDERING_CASES]
if (name && run) {
  // The renderers' modules are compiled and warmed on a small table first.
  page('|a|b|\n|-|-|\n|c|d|\n')
  await reportPdf(messageReport(markdownBlocks('|a|b|\n|-|-|\n|c|d|\n')))
  await reportDocx(messageReport(markdownBlocks('|a|b|\n|-|-|\n|c|d|\n')))
  const ms: number[] = []
  const cpuMs: number[] = []
  let size = 0
  for (let round = 0; round < rounds; round++) {
    const started = performance.now()
    const cpu = process.cpuUsage()
    size = sizeOf(await run())
    ms.push(performance.now() - started)
    const { user, system } = process.cpuUsage(cpu)
    cpuMs.push((user + system) / 1000)
    // A case that holds the event loop past the watchdog's 5 s is not worth timing twice.
    if (ms[0]! > 5_000) break
  }
  console.log(JSON.stringify({ ms, cpuMs, size, maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024) }))
}
