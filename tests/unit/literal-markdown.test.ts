import { describe, expect, it } from 'vitest'

import { literalMarkdown } from '../../api/kernel/literal-markdown'
import { renderedMarkdown as rendered, seenText as seen, withoutAddressLinks } from './support/rendered-markdown'

const HOSTILE = [
  '<script>alert(1)</script>',
  '<img src=x onerror="alert(2)">',
  '[click](javascript:alert(3))',
  '![t](https://evil.example.com/pixel.png?c=revenue)',
  '<https://evil.example.com/auto>',
  'Visit https://evil.example.com/bare or www.evil.example.com or ceo@evil.example.com',
  'javascript:alert(4)',
  '**bold** _em_ `code` ~~gone~~ a | b',
  '# Heading',
  '- item',
  '+ item',
  '1. item',
  '> quoted',
  '&lt;script&gt; is written as an entity, \\* as an escape',
  '[ref]: https://evil.example.com/ref',
]

describe('literal Markdown', () => {
  it.each(HOSTILE)('shows %s as written, with no element of its own', (text) => {
    const html = rendered(literalMarkdown(text))
    expect(seen(html)).toBe(text)
    // A bare address may become a link whose words are the address itself (remark-gfm's autolinks),
    // which shows where it leads; nothing else makes an element.
    expect(withoutAddressLinks(html)).toMatch(/^<p>[^<]*<\/p>$/)
  })

  it('leaves no tag, script address or link syntax in the file itself', () => {
    const written = HOSTILE.map(literalMarkdown).join('\n')
    expect(written).not.toMatch(/<|javascript:|(?<!\\)\]\(|!\[/i)
  })

  it('keeps figures and plain words readable in the file', () => {
    expect(literalMarkdown('Revenue grew 12.5% to $5.2 million (2024), up from 2023: a record.')).toBe(
      'Revenue grew 12.5% to $5.2 million (2024), up from 2023: a record.',
    )
  })

  it('writes a table cell that stays one cell', () => {
    const html = rendered(`| Risk |\n| --- |\n| ${literalMarkdown('a | b <b>c</b>')} |`)
    expect(html).toContain('<td>a | b &lt;b&gt;c&lt;/b&gt;</td>')
    expect(html.match(/<td>/g)).toHaveLength(1)
  })
})
