import { renderToStaticMarkup } from 'react-dom/server'

import { Markdown } from '~/components/markdown'

import { serveWork } from '../../runtime/work-pool'

// The Markdown component as HTML, in a worker thread (./markdown-html.server.ts says why).
serveWork({
  html: (pieces: string[]) => pieces.map((markdown) => renderToStaticMarkup(<Markdown>{markdown}</Markdown>)),
})
