import { type FileIconKind, fileIconKind } from '~/utils/documents'

const LABELS: Record<FileIconKind, string> = { pdf: 'PDF', word: 'DOC', excel: 'XLS', generic: 'TXT' }

/** A small badge per file family (spec §2: pdf, word, excel, generic); decorative beside the type text. */
export function FileIcon({ fileType }: { fileType: string }) {
  const kind = fileIconKind(fileType)
  return (
    <span className={`file-icon file-icon-${kind}`} aria-hidden="true">
      {LABELS[kind]}
    </span>
  )
}
