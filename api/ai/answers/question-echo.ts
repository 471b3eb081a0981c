import { analyze } from '../retrieval/analyzer'

/*
 * Where the answer's phrase starts and ends within a sentence that repeats the question: the
 * question's own words around the phrase are not the answer.
 */

// From a word's start and bounded, so a long run of letters is read once, not once per letter.
const QUOTED = /(?<!\p{L})(\p{L}{1,40})\s+[“"]([^”"]{1,60}?)[.,]?[”"]/gu

/** "under the symbol “TZOO.”" names the symbol a question asks for: TZOO. */
export function quotedAfter(question: string, sentence: string) {
  const asked = new Set(analyze(question))
  for (const [, noun, name] of sentence.matchAll(QUOTED)) {
    const terms = analyze(noun!)
    if (terms.length > 0 && terms.every((term) => asked.has(term))) return name!.trim()
  }
  return null
}

// A link left between the question's words and the answer: "… are primarily related to | X".
const LEADING_LINK = /^(?:to|of|as|by|into|for|with|from|that|is|are|was|were|be|been)\s+/i

/**
 * A phrase without the question's own words it opens with: "primarily related to third party
 * advisory services" for "What are these costs primarily related to?" is "third party advisory
 * services". The phrase is kept whole when nothing of its own would be left.
 */
export function withoutEcho(question: string, phrase: string) {
  const asked = new Set(analyze(question))
  let cut = 0
  let echoed = 0
  for (const word of phrase.matchAll(/\S+/g)) {
    const terms = analyze(word[0])
    // A word the analyzer drops ("the", "our") neither echoes nor ends the echo.
    if (terms.length === 0) continue
    if (!terms.every((term) => asked.has(term))) break
    cut = word.index + word[0].length
    echoed++
  }
  const after = phrase.slice(cut).replace(/^[\s,:]+/, '')
  // One word of the question alone is often the answer's own head: "increased demand" for why it
  // increased, "the value of …" for what a value is.
  const rest = echoed < 2 ? phrase : after.replace(LEADING_LINK, '')
  if (analyze(rest).length === 0) return phrase
  return withoutPurpose(asked, rest)
}

/**
 * A phrase without a closing purpose that restates the question: "royalty reports received from
 * licensees to record its revenue" answers "What does it rely on to record its revenue?" with
 * "royalty reports received from licensees".
 */
function withoutPurpose(asked: Set<string>, phrase: string) {
  const words = [...phrase.matchAll(/\S+/g)]
  let at = words.length
  let echoed = 0
  while (at > 0) {
    const terms = analyze(words[at - 1]![0])
    if (terms.length > 0 && !terms.every((term) => asked.has(term))) break
    if (terms.length > 0) echoed++
    at--
  }
  // Back to the "to" that opens the restated purpose, if it does.
  while (at < words.length && analyze(words[at]![0]).length === 0 && !/^to$/i.test(words[at]![0])) at++
  if (echoed < 2 || at >= words.length || !/^to$/i.test(words[at]![0])) return phrase
  const kept = phrase.slice(0, words[at]!.index).replace(/[\s,]+$/, '')
  return analyze(kept).length >= 2 ? kept : phrase
}
