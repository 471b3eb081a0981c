import type { DocumentPayload as DocumentSummary } from '#api/documents/contract'

import { OcrProgress } from './ocr-progress'
import { PanelForm } from './panel-context'
import { ReloadForProgress } from './reload-for-progress'

/** What to show instead of content while a document is not processed, or why it failed. */
export function ProcessingNotice({ document, canEdit }: { document: DocumentSummary; canEdit: boolean }) {
  if (document.processing_status === 'failed') {
    return (
      <div className="alert alert-error">
        <p>{document.failure_reason ?? 'Processing failed.'}</p>
        {canEdit ? (
          <PanelForm>
            <button type="submit" name="intent" value="reprocess" className="button">
              Reprocess
            </button>
          </PanelForm>
        ) : null}
      </div>
    )
  }
  const ocr = document.ocr_progress
  // Only the sentence is a live region: it changes once or twice (waiting, processing), while the
  // OCR count changes with every page read and would be announced again at every poll.
  return (
    <div className="notice processing-notice">
      <p role="status">
        This document is {document.processing_status === 'pending' ? 'waiting to be processed' : 'being processed'}. Its
        text appears here when processing finishes.
      </p>
      <ReloadForProgress />
      {ocr ? (
        <OcrProgress progress={ocr}>
          Reading its scanned pages by OCR: {ocr.pages_done} of {ocr.pages_total} done.
        </OcrProgress>
      ) : null}
    </div>
  )
}
