/*
 * How the pipeline writes a table row into a page's text (spreadsheet, PDF and corpus tables alike):
 * cells split by " | " or tabs. Prose readers leave these lines to the table readers.
 */

// A row starting with an empty cell starts with the separator, which cleanText may have trimmed to
// "| ". Spacing before a pipe is taken from where it starts (`(?<!\s)`): tried from each of its
// characters, a long run of spaces or tabs cost its square.
export const CELL_SEPARATOR = /(?<!\s)\s+\|\s*|\|\s*|\t/
/** A line of a table as the pipeline writes one: cells split by " | " or tabs. */
export const IS_TABLE_LINE = /\s\|\s|\t|^\|\s|\s\|$/

export const splitRow = (line: string) => line.split(CELL_SEPARATOR).map((cell) => cell.trim())
