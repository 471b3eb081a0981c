import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'

import { MessageContent, messageMarkdown } from '../../app/components/chat/message-item'
import { turnLinks } from '../../app/components/chat/message-window'
import { Markdown } from '../../app/components/markdown'
import { markdownHtml } from '../../app/render/markdown-html.server'

const inProcess = (markdown: string) => renderToStaticMarkup(createElement(Markdown, null, markdown))

describe('a message’s Markdown rendered off the event loop', () => {
  it('is the HTML the Markdown component renders, piece by piece, empty pieces left empty', async () => {
    const pieces = [
      '**Revenue** rose [1] to $4.2M\n\n| Year | Revenue |\n| --- | --- |\n| 2025 | 4.2 |',
      '',
      '![pixel](https://evil.example.com/p.png) and <script>alert(1)</script>',
    ]
    const html = await markdownHtml(pieces, 1)
    expect(html).toEqual([inProcess(pieces[0]!), '', inProcess(pieces[2]!)])
    expect(html[2]).not.toContain('<img')
    expect(html[2]).not.toContain('<script')
  })

  it('draws a message from its rendered pieces as the component draws it from its Markdown', async () => {
    const message = { content: 'The margin was **24%** [1].', references: [], turnHref: turnLinks([]) }
    const html = await markdownHtml(messageMarkdown(message), 1)
    const drawn = renderToStaticMarkup(createElement(MessageContent, { ...message, html }))
    expect(drawn).toBe(
      `<div class="message-content"><div class="markdown-html">${inProcess(message.content)}</div></div>`,
    )
  })

  it('shows a piece the server could not render as its text, saying why', () => {
    const drawn = renderToStaticMarkup(
      createElement(MessageContent, {
        content: '**bold** <b>x</b>',
        references: [],
        html: [null],
        turnHref: turnLinks([]),
      }),
    )
    expect(drawn).toContain('<p class="message-plain">**bold** &lt;b&gt;x&lt;/b&gt;</p>')
    expect(drawn).toContain('Shown without formatting: the server was busy.')
  })
})
