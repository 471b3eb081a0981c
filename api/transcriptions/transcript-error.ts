/** A file that is not a transcript the parser reads; the message says what was expected. */
export class TranscriptError extends Error {
  name = 'TranscriptError'
}
