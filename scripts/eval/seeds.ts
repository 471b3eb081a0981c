/** The seeds "7" or "1000-1049" name (at most 1,000), or null when the text names none. */
export function seedRange(text: string): number[] | null {
  const match = /^(\d{1,6})(?:-(\d{1,6}))?$/.exec(text)
  const first = Number(match?.[1])
  const last = Number(match?.[2] ?? match?.[1])
  if (!match || last < first || last - first >= 1000) return null
  return Array.from({ length: last - first + 1 }, (_, index) => first + index)
}
