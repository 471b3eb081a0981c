import { fileIconKind } from '~/utils/documents'

/**
 * A small badge naming the file's own type (CSV, XLSX, DOC…), coloured by its family as spec §2's
 * pdf, word, excel and generic icons; decorative beside the type text.
 */
export function FileIcon({ fileType }: { fileType: string }) {
  return (
    <span className={`file-icon file-icon-${fileIconKind(fileType)}`} aria-hidden="true">
      {fileType.toUpperCase()}
    </span>
  )
}
