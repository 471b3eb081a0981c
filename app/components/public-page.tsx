import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'

import { Logo } from './logo'

/** The frame of the few public pages (terms, privacy): no navigation, a way back to sign-in. */
export function PublicPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="main" className="public-page">
      <Link to="/login" className="brand" aria-label="Exit Planner sign-in">
        <Logo />
      </Link>
      <article>
        <h1>{title}</h1>
        {children}
      </article>
      <p>
        <Link to="/login">Back to sign in</Link>
      </p>
    </main>
  )
}
