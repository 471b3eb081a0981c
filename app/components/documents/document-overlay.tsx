import { useFetcher } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import type { DocumentDetailData } from '~/services/document-detail.server'
import { DocumentPanel } from './document-panel'
import { type PanelActionResult, PanelProvider } from './panel-context'

/**
 * The preview overlay: a modal <dialog> (focus kept inside, Escape closes, focus returns to the
 * title that opened it) showing the same panel as /documents/{id}, loaded and updated by fetchers.
 */
export function DocumentOverlay({ documentId, onClose }: { documentId: number; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null)
  const opener = useRef<Element | null>(null)
  const loader = useFetcher<DocumentDetailData>()
  const actions = useFetcher<PanelActionResult>()
  const path = `/documents/${documentId}`
  const [href, setHref] = useState(`${path}?tab=preview`)

  useEffect(() => {
    opener.current = document.activeElement
    dialog.current?.showModal()
    return () => {
      if (opener.current instanceof HTMLElement) opener.current.focus()
    }
  }, [])

  const { load } = loader
  useEffect(() => {
    load(href)
  }, [href, load])

  // After a form of the panel succeeds, show its result (Remix revalidates the list by itself).
  useEffect(() => {
    if (actions.state === 'idle' && actions.data?.ok) load(href)
  }, [actions.state, actions.data, href, load])

  const data = loader.data && 'document' in loader.data ? loader.data : null
  return (
    <dialog
      ref={dialog}
      className="overlay"
      aria-labelledby="overlay-title"
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
    >
      {data ? (
        <PanelProvider value={{ path, navigate: setHref, actionFetcher: actions, actionResult: actions.data }}>
          <DocumentPanel
            data={data}
            titleId="overlay-title"
            headerEnd={
              <button type="button" className="button" onClick={onClose}>
                Close<span className="visually-hidden"> preview</span>
              </button>
            }
          />
        </PanelProvider>
      ) : (
        <div className="overlay-loading">
          <h2 id="overlay-title">Loading document...</h2>
          <button type="button" className="button" onClick={onClose}>
            Close<span className="visually-hidden"> preview</span>
          </button>
        </div>
      )}
      {loader.state === 'loading' && data ? <p className="visually-hidden" role="status">Loading...</p> : null}
    </dialog>
  )
}
