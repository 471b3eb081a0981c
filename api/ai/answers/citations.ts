/** A citation marker as answers write it, `[3]`, with the space before it (dropped with a removed one). */
const MARKER = /( ?)\[(\d{1,3})\]/g
// What could still become a marker when the next chunk arrives (" ", " [", "[1", " [12"), with its space.
const PARTIAL_MARKER = / ?(?:\[\d{0,3})?$/

/**
 * Checks the `[n]` markers of an answer as it streams: a marker is kept only when n names one of the
 * `passageCount` passages retrieved for this answer, and is renumbered in the order of first use,
 * so `[1]` is the first source cited. Any other marker (an invented `[7]`) is removed before it
 * reaches the client. `used` gives, for each kept marker in order, the passage (0-based) it names.
 */
export function createCitationFilter(passageCount: number) {
  const used: number[] = []
  let pending = ''
  let text = ''

  const rewrite = (input: string) =>
    input.replace(MARKER, (_marker, space: string, digits: string) => {
      const passage = Number(digits) - 1
      if (passage < 0 || passage >= passageCount) return ''
      let position = used.indexOf(passage)
      if (position === -1) position = used.push(passage) - 1
      return `${space}[${position + 1}]`
    })

  const emit = (output: string) => {
    text += output
    return output
  }

  return {
    /** The part of the answer so far that can be sent; a possible marker at the end waits. */
    push(chunk: string) {
      const input = pending + chunk
      const partial = PARTIAL_MARKER.exec(input)
      pending = partial ? partial[0] : ''
      return emit(rewrite(partial ? input.slice(0, partial.index) : input))
    },
    /** Whatever was held back, at the end of the answer. */
    end() {
      const rest = rewrite(pending)
      pending = ''
      return emit(rest)
    },
    get used() {
      return used
    },
    /** The whole answer as sent. */
    get text() {
      return text.trim()
    },
  }
}
