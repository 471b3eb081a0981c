import type { ExtractedPage } from '../ai/text/pages'
import type { Term } from './types'

/*
 * Who a letter or report comes from, read once at ingestion (issue 45): the firm that signs it off
 * ("Sincerely,\nMeridian Valuation Group"), for "Which firm prepared the valuation?". Of the lines
 * after the sign-off, the one with a firm's word in it ("Group", "Partners", "LLC", "Advisors") is
 * the firm; without one, the first line (a person). The letter's subject ("Re: Indication of value -
 * Sugar Maple Bakery") is the term's entity, so a question can say which document it means.
 */

const SIGN_OFF =
  /^(?:(?:yours )?(?:sincerely|truly|faithfully|respectfully)(?: yours)?|(?:best |kind |warm |with (?:best |kind )?)?regards|respectfully submitted)[,.]?$/i
const FIRM =
  /\b(?:group|partners|llp|llc|inc|ltd|plc|advisors|advisers|advisory|associates|capital|consulting|consultants|company|co|corp|corporation|cpas?|accountants|bank|valuations?|appraisals?)\b/i
const SUBJECT = /^(?:re|subject)\s*:\s*(\S.{0,118})$/i
// A signature block's lines are short, and a few: a name, a title, the firm.
const MAX_LINE = 80
const MAX_LINES = 4
const MAX_WORDS = 7
// A line of contact details (a phone number, an e-mail address) names no one.
const CONTACT = /@|\d[\d\s().-]{6,}\d/

/** The firm or person each sign-off of the pages names, with the subject the document states. `pages[i]` is position i + 1. */
export function signatoryTerms(pages: ExtractedPage[]): Term[] {
  const lines = pages.map((page) => page.text.split('\n').map((line) => line.replace(/\s+/g, ' ').trim()))
  const subject = lines.flat().flatMap((line) => SUBJECT.exec(line)?.[1] ?? [])[0] ?? null
  return lines.flatMap((page, index) =>
    page.flatMap((line, at) => {
      if (!SIGN_OFF.test(line)) return []
      const block = signatureBlock(page, at + 1)
      const signatory = block.find((name) => FIRM.test(name)) ?? block[0]
      if (!signatory) return []
      return [
        {
          kind: 'prose' as const,
          termKey: 'prepared_by' as const,
          entity: subject,
          entityKind: 'document' as const,
          text: signatory,
          date: null,
          year: null,
          source: { page: index + 1, row: null, column: null, quote: signatory },
        },
      ]
    }),
  )
}

/** The lines of the signature block from `start`: up to a blank line after one, a sentence, a long line or a fifth. */
function signatureBlock(lines: string[], start: number): string[] {
  const block: string[] = []
  for (let at = start; at < lines.length && block.length < MAX_LINES; at++) {
    const line = lines[at]!.replace(/^\/s\/\s*/i, '')
    if (!line) {
      if (block.length) break
      continue
    }
    if (line.length > MAX_LINE || line.split(' ').length > MAX_WORDS) break
    if (!CONTACT.test(line)) block.push(line)
  }
  return block
}
