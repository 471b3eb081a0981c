import type { SubmissionResult } from '@conform-to/react'
import { Form, Link, type useFetcher } from '@remix-run/react'
import { type ComponentProps, createContext, type MouseEvent, useContext } from 'react'

export interface PanelActionResult {
  ok: boolean
  errors: Record<string, string[]> | null
  reply: SubmissionResult<string[]> | null
  /** What was typed in a refused upload's other fields: a page without JavaScript shows them again. */
  values?: Record<string, string>
}

interface PanelContextValue {
  /** Where the panel's forms post and its links point: /documents/{id}. */
  path: string
  /** In the overlay: loads a tab into the overlay instead of navigating. */
  navigate?: (href: string) => void
  /** In the overlay: the fetcher that sends the panel's forms. */
  actionFetcher?: ReturnType<typeof useFetcher<PanelActionResult>>
  actionResult?: PanelActionResult | null
}

const PanelContext = createContext<PanelContextValue>({ path: '' })

export const PanelProvider = PanelContext.Provider
export const usePanel = () => useContext(PanelContext)

/**
 * A form of the document panel: a plain POST on the page, a fetcher in the overlay. `tab` keeps the
 * form's tab open when the action answers with errors rather than a redirect (without JavaScript
 * the page is then rendered for the form's own URL).
 */
export function PanelForm({
  children,
  tab,
  ...props
}: Omit<ComponentProps<typeof Form>, 'method' | 'action'> & { tab?: string }) {
  const { path: panelPath, actionFetcher } = usePanel()
  const path = tab ? `${panelPath}?tab=${tab}` : panelPath
  if (actionFetcher) {
    return (
      <actionFetcher.Form method="post" action={path} {...props}>
        <input type="hidden" name="_overlay" value="1" />
        {children}
      </actionFetcher.Form>
    )
  }
  return (
    <Form method="post" action={path} {...props}>
      {children}
    </Form>
  )
}

/** A link inside the panel (tabs, pages): loaded into the overlay when there is one. */
export function PanelLink({ to, onClick, ...props }: ComponentProps<typeof Link> & { to: string }) {
  const { navigate } = usePanel()
  return (
    <Link
      to={to}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(event)
        if (navigate && !event.defaultPrevented && !event.metaKey && !event.ctrlKey && !event.shiftKey) {
          event.preventDefault()
          navigate(to)
        }
      }}
      {...props}
    />
  )
}

/** A GET form of the panel (version compare): its query loads into the overlay when there is one. */
export function PanelGetForm({ children, ...props }: Omit<ComponentProps<typeof Form>, 'method' | 'action'>) {
  const { path, navigate } = usePanel()
  return (
    <Form
      method="get"
      action={path}
      onSubmit={(event) => {
        if (!navigate) return
        event.preventDefault()
        const query = new URLSearchParams(new FormData(event.currentTarget) as unknown as Record<string, string>)
        navigate(`${path}?${query}`)
      }}
      {...props}
    >
      {children}
    </Form>
  )
}
