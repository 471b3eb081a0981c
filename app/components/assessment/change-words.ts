/** A change as the API writes it ("+0.5", "-1.0", "0.0") in words: "up 0.5", "down 1.0", "unchanged". */
export function changeWords(display: string) {
  if (display.startsWith('+')) return `up ${display.slice(1)}`
  if (display.startsWith('-')) return `down ${display.slice(1)}`
  return 'unchanged'
}
