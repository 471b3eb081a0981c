// How close OCR came to a reference text, in the two figures OCR is usually judged by. Both
// compare words after the same normalisation (NFKC, lower case, typographic quotes and dashes made
// plain), so a curly apostrophe in the reference is not counted against the engine.

const normalise = (text: string) => text.normalize('NFKC').toLowerCase().replace(/[‘’]/g, "'").replace(/[–—]/g, '-')

/** Words: letters and digits, with inner apostrophes, dots and hyphens kept ("it's", "3.5", "state-of-the-art"). */
export const words = (text: string) => normalise(text).match(/[\p{L}\p{N}]+(?:['.-][\p{L}\p{N}]+)*/gu) ?? []

/** Share of the reference's words (each occurrence counted) that the OCR text holds as many times. */
export function wordRecall(reference: string, read: string) {
  const left = new Map<string, number>()
  for (const word of words(read)) left.set(word, (left.get(word) ?? 0) + 1)
  const expected = words(reference)
  let found = 0
  for (const word of expected) {
    const count = left.get(word)
    if (count) {
      found++
      left.set(word, count - 1)
    }
  }
  return expected.length ? found / expected.length : 1
}

/** Character error rate: edits (Levenshtein) from the reference's words to the OCR's, per reference character. */
export function characterErrorRate(reference: string, read: string) {
  const a = words(reference).join(' ')
  const b = words(read).join(' ')
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
    previous = current
  }
  return a.length ? previous[b.length]! / a.length : 0
}
