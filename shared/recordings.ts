/** Meeting recordings: the file types both tiers know (the upload form's `accept`, the backend's checks). */

/** Each recording type's extension and the media type it is stored and served as. */
export const RECORDING_TYPES = {
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  wav: 'audio/wav',
  webm: 'audio/webm',
  ogg: 'audio/ogg',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
} as const

export type RecordingType = keyof typeof RECORDING_TYPES

export const RECORDING_EXTENSIONS = Object.keys(RECORDING_TYPES) as RecordingType[]

/** The `accept` attribute part for recordings: ".mp3,.m4a,…". */
export const ACCEPTED_RECORDING_TYPES = RECORDING_EXTENSIONS.map((type) => `.${type}`).join(',')

/** The types in words, for help texts and refusals. */
export const RECORDING_TYPES_TEXT = 'MP3, M4A, WAV, WebM, OGG, MP4 or MOV'

/** The extension of a file name, lower case, when it names a recording type. */
export function recordingTypeOf(fileName: string): RecordingType | null {
  const dot = fileName.lastIndexOf('.')
  const extension = dot > 0 ? fileName.slice(dot + 1).toLowerCase() : ''
  return Object.hasOwn(RECORDING_TYPES, extension) ? (extension as RecordingType) : null
}
