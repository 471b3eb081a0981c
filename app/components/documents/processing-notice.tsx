import type { DocumentSummary } from '~/services/documents.server'

import { PanelForm } from './panel-context'

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
  return (
    <p className="notice" role="status">
      This document is {document.processing_status === 'pending' ? 'waiting to be processed' : 'being processed'}. Its
      text appears here when processing finishes.
    </p>
  )
}
