import { type ReactNode, useId } from 'react'

import type { DocumentPayload as DocumentSummary } from '#api/documents/contract'

type OcrProgressValue = NonNullable<DocumentSummary['ocr_progress']>

/**
 * Scanned pages read by OCR so far: a sentence, and a native progress bar named by it (and by
 * `labelledBy` first, when several bars share a page: the document's title in a list row).
 */
export function OcrProgress({
  progress,
  labelledBy,
  className,
  children,
}: {
  progress: OcrProgressValue
  labelledBy?: string
  className?: string
  children: ReactNode
}) {
  const textId = useId()
  return (
    <p className={className ? `ocr-progress ${className}` : 'ocr-progress'}>
      <span id={textId}>{children}</span>
      <progress
        aria-labelledby={labelledBy ? `${labelledBy} ${textId}` : textId}
        value={Math.min(progress.pages_done, progress.pages_total)}
        max={progress.pages_total}
      />
    </p>
  )
}

/** "1 page", "10 pages". */
export const pagesCount = (count: number) => `${count} ${count === 1 ? 'page' : 'pages'}`
