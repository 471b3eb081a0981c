import type { ReactNode } from 'react'
import ReactMarkdown, { type Components, defaultUrlTransform } from 'react-markdown'
import remarkGfm from 'remark-gfm'

import { remarkBoundedTables } from '~/components/bounded-tables'
import { isOffSite } from '~/utils/off-site'

/**
 * A link into this app: a fragment, or another part of the same page (`?before=` a conversation's
 * earlier messages), stays in this tab; another page opens apart, so the conversation or page the
 * link sits in is kept.
 */
export function SiteLink({ href, children }: { href: string; children: ReactNode }) {
  return href.startsWith('#') || href.startsWith('?') ? (
    <a href={href}>{children}</a>
  ) : (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  )
}

/**
 * A link out of the app, written by whoever wrote the text: its address is shown (the words of a
 * link can claim any destination), and the other site learns nothing of the page it came from.
 */
function OffSiteLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
      {children === href ? null : <span className="link-address"> ({href})</span>}
      <span className="visually-hidden"> (opens another site)</span>
    </a>
  )
}

function Link({ href, children }: { href: string | undefined; children: ReactNode }) {
  // The URL transform left no address (a `javascript:` link, say): the words alone remain.
  if (!href) return <>{children}</>
  return isOffSite(href) ? (
    <OffSiteLink href={href}>{children}</OffSiteLink>
  ) : (
    <SiteLink href={href}>{children}</SiteLink>
  )
}

// The text is the user's or a document's (or a model's, which repeats theirs), so it decides
// nothing the browser does on its own. Raw HTML shows as text (react-markdown without rehype-raw);
// unsafe URLs are dropped by the URL transform. An image is never loaded, not even from this site:
// a picture's address can carry data to whoever serves it, and loads without a click. It becomes
// a link named by its alt text.
const components: Components = {
  a: ({ href, children }) => <Link href={href}>{children}</Link>,
  img: ({ src, alt }) => <Link href={typeof src === 'string' ? src : undefined}>{`Image: ${alt || 'untitled'}`}</Link>,
  // A wide table scrolls in its own box, which the keyboard can reach and scroll; the page never widens.
  table: ({ children }) => (
    <div className="table-scroll markdown-table" role="region" tabIndex={0} aria-label="Table">
      <table>{children}</table>
    </div>
  ),
}

// A table is cut to shared/table-bounds.ts's bounds before it becomes HTML, the cut said under it: a
// few lines of Markdown can otherwise ask for millions of cells.
const remarkPlugins = [remarkGfm, remarkBoundedTables]

/** Markdown written by users, found in documents or generated from them, rendered under the rules above. */
export function Markdown({ children }: { children: string }) {
  return (
    <ReactMarkdown remarkPlugins={remarkPlugins} components={components} urlTransform={defaultUrlTransform}>
      {children}
    </ReactMarkdown>
  )
}
