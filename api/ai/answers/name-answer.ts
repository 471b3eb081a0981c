import { analyze } from '../retrieval/analyzer'
import { FULL_MONTH } from '../text/calendar'
import { QUALIFIERS, relatedTerms } from '../text/related-terms'

/**
 * The name a "who" question asks for, read from a sentence: the person or organisation named
 * nearest to the question's role ("Who is the controller?" → "Samuel Ramirez (controller) would
 * stay on") or verb ("Who owns the shop?" → "Helen Fitzgerald still owns and runs it", "It was
 * founded in 1996 by Maria Duarte"). A sentence without the role or the verb names nobody for it:
 * "office manager" does not answer "Who is the operations manager?".
 */
export function nameReader(question: string): ((sentence: string) => string | null) | null {
  const anchor = anchorOf(question.trim())
  if (!anchor) return null
  const asked = new Set(question.toLowerCase().match(/[\p{L}'’]+/gu) ?? [])
  return (sentence) => {
    const words = [...sentence.matchAll(/[\p{L}'’]+/gu)].map((match) => ({
      stem: analyze(match[0])[0] ?? '',
      start: match.index,
      end: match.index + match[0].length,
    }))
    const spans = anchor(words.map((word) => word.stem)).map(([first, last]) => ({
      start: words[first]!.start,
      end: words[last]!.end,
    }))
    if (spans.length === 0) return null
    let best: { name: string; distance: number } | null = null
    for (const match of sentence.matchAll(NAME_RUN)) {
      const name = match[0].replace(/(?<!\b(?:Inc|Co|Corp|Ltd|Jr|Sr))[.,]$/, '')
      const parts = name.split(/\s+/).filter((part) => /^\p{Lu}/u.test(part))
      // The question's own words (the business, the role: "Chief Executive Officer" for "Who is the
      // Chief Financial Officer?") name no one else.
      if (parts.some((part) => asked.has(part.toLowerCase())) || parts.every((part) => NOT_NAMES.test(part))) continue
      const start = match.index
      const end = start + name.length
      for (const span of spans) {
        if (span.start < end && start < span.end) continue
        // "Mei Kowalski - office manager", "Samuel Ramirez (controller)": a role names the one before it.
        const distance =
          span.start >= end
            ? ROLE_AFTER.test(sentence.slice(end, span.start))
              ? 0
              : span.start - end
            : start - span.end
        if (distance <= MAX_DISTANCE && (!best || distance < best.distance)) best = { name, distance }
      }
    }
    return best?.name ?? null
  }
}

// Two to five capitalised words ("Maria Duarte", "Dr. Maria Okafor", "Parkway Holdings LLC").
const NAME_RUN =
  /(?:\b(?:Dr|Mr|Mrs|Ms)\.\s+)?\b\p{Lu}[\p{L}'’-]*\.?(?:\s+(?:(?:&|and|of)\s+)?\p{Lu}[\p{L}'’-]*\.?){1,4}/gu
// Capitalised words that start sentences and dates, not names: "The", "Today", "March".
const NOT_NAMES = new RegExp(`^(?:The|A|An|It|Its|Our|We|Today|${FULL_MONTH.slice(3, -1)})$`, 'i')
const ROLE_AFTER = /^[\s,:(–—-]*$/
// A name further than this from the role or verb belongs to another clause.
const MAX_DISTANCE = 60

type Anchor = (stems: string[]) => Array<[number, number]>

// "Who is the company's office manager?": the role, without whose it is or where ("of X", "at X").
const ROLE =
  /^who (?:is|are|was|were) (?:the |our |its |their )?(?:[\p{L}'’]+['’]s? )?(.+?)(?:\s+(?:of|at|for|in|on)\b.*)?\s*\??$/iu
// "Who owns the shop?", "Who might buy the company?": the verb, and the one who does it ("owner").
const ACTOR =
  /^who (?:(?:might|may|could|would|will|can|should|does|do|did|has|have|had) )?(?!(?:is|are|was|were|be|the|a|an)\b)(\p{L}+)\b/iu

function anchorOf(question: string): Anchor | null {
  const role = ROLE.exec(question)
  if (role) {
    // "The potential buyers" are the buyers a file names, and "acquirers" name them too.
    const terms = analyze(role[1]!).filter((term) => !QUALIFIERS.has(term))
    if (terms.length === 0 || terms.length > 3) return null
    // "the owner" is also who "owns" it, or it is "owned by": the doer's verb names the role too.
    const verb = terms.length === 1 ? /^(\p{L}{3,})(?:er|or)$/u.exec(terms[0]!)?.[1] : undefined
    const names = (stem: string | undefined, term: string) => stem === term || relatedTerms(term).includes(stem ?? '')
    return (stems) =>
      stems.flatMap((stem, at): Array<[number, number]> =>
        terms.every((term, offset) => names(stems[at + offset], term)) || (verb && stem === verb)
          ? [[at, at + (stem === verb ? 0 : terms.length - 1)]]
          : [],
      )
  }
  const actor = ACTOR.exec(question)
  if (!actor) return null
  const stem = analyze(actor[1]!)[0]
  if (!stem) return null
  // "Who might buy it?" is answered by the buyers, or by "acquirers".
  const forms = new Set([stem, `${stem}er`, `${stem}or`, ...relatedTerms(stem)])
  return (stems) => stems.flatMap((word, at): Array<[number, number]> => (forms.has(word) ? [[at, at]] : []))
}
