import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'

import { Highlight } from '../../app/components/search/highlight'
import { excerpt, highlightSegments, lightStem, queryTerms } from '../../app/utils/highlight'

/** The highlighted words only, in order. */
const marked = (text: string, query: string) =>
  highlightSegments(text, query)
    .filter((segment) => segment.match)
    .map((segment) => segment.text)
const render = (text: string, query: string) =>
  renderToStaticMarkup(createElement(Highlight, { segments: highlightSegments(text, query) }))
/** The excerpt as the page shows it, its marked words in brackets. */
const shownOf = (text: string, query: string, maxChars?: number) =>
  excerpt(text, query, maxChars)
    .segments.map((segment) => (segment.match ? `[${segment.text}]` : segment.text))
    .join('')

describe('highlightSegments', () => {
  it('splits a text into plain and matching segments that join back to the text', () => {
    const text = 'Customer concentration is the main risk.'
    const segments = highlightSegments(text, 'concentration risk')
    expect(segments).toEqual([
      { text: 'Customer ', match: false },
      { text: 'concentration', match: true },
      { text: ' is the main ', match: false },
      { text: 'risk', match: true },
      { text: '.', match: false },
    ])
    expect(segments.map((segment) => segment.text).join('')).toBe(text)
  })

  it('matches every occurrence, whatever the case, and keeps the text as written', () => {
    expect(marked('EBITDA grew; Ebitda margin and ebitda per head', 'ebitda')).toEqual(['EBITDA', 'Ebitda', 'ebitda'])
    expect(marked('The RISK of losing a customer', 'Risk')).toEqual(['RISK'])
  })

  it('matches longer forms of a word, and forms that share its stem', () => {
    expect(marked('Risks and risky bets', 'risk')).toEqual(['Risks', 'risky'])
    expect(marked('Revenue is concentrated in three customers', 'customer concentration')).toEqual([
      'concentrated',
      'customers',
    ])
    expect(marked('Customer concentration is high', 'concentrated customers')).toEqual(['Customer', 'concentration'])
    expect(marked('One company, several companies', 'companies')).toEqual(['company', 'companies'])
  })

  it('matches letters beyond ASCII whatever their case, and numbers whole wherever they start', () => {
    expect(marked('ÉTÉ, été et Été; naïvely naïve', 'été naïve')).toEqual(['ÉTÉ', 'été', 'Été', 'naïvely', 'naïve'])
    expect(marked('Q3 and q3 but not Q3a or q35; q3.', 'q3')).toEqual(['Q3', 'q3', 'q3'])
    expect(marked('1,452.4 and 1,452.45 and (1,452.4)', '1,452.4')).toEqual(['1,452.4', '1,452.4'])
  })

  it('matches only at the start of a word', () => {
    expect(marked('Brisk trading, no asterisk', 'risk')).toEqual([])
  })

  it('leaves out stop words and one-letter words', () => {
    expect(marked('What is the value of the business?', 'what is the value of a business')).toEqual([
      'value',
      'business',
    ])
    expect(queryTerms('What is the customer concentration risk?')).toEqual(['customer', 'concentration', 'risk'])
    expect(highlightSegments('What is it?', 'what is it')).toEqual([{ text: 'What is it?', match: false }])
  })

  it('matches numbers whole, never inside a longer number', () => {
    expect(marked('Revenue of 1,452.4 in 2023, 20231 units, 10 and 100', '1,452.4 2023 10')).toEqual([
      '1,452.4',
      '2023',
      '10',
    ])
  })

  it('treats regular expression characters in the query as text', () => {
    expect(() => highlightSegments('x', '(a+b)*')).not.toThrow()
    expect(marked('(a+b)* is aab, abab or ab', '(a+b)*')).toEqual([])
    expect(marked('Call ab.cd or abxcd [note] $5 ^top', '[note] ab.cd $5? ^top (|)')).toEqual([
      'ab',
      'cd',
      'note',
      'top',
    ])
    expect(marked('a.b+c matches nothing here: axb', 'a.b+c')).toEqual([])
  })

  it('gives the text back unchanged when the query has nothing to highlight', () => {
    expect(highlightSegments('Some text', '   ')).toEqual([{ text: 'Some text', match: false }])
    expect(highlightSegments('', 'risk')).toEqual([])
  })
})

describe('lightStem', () => {
  it('strips one common suffix, keeping at least four letters', () => {
    expect(lightStem('concentration')).toBe('concentr')
    expect(lightStem('concentrated')).toBe('concentrat')
    expect(lightStem('risks')).toBe('risk')
    expect(lightStem('business')).toBe('business')
    expect(lightStem('cases')).toBe('case')
    expect(lightStem('risk')).toBe('risk')
  })
})

describe('Highlight', () => {
  it('wraps matches in <mark> elements', () => {
    expect(render('Customer concentration risk', 'risk')).toBe('Customer concentration <mark>risk</mark>')
  })

  it('renders markup in the text and in the query as text, never as HTML', () => {
    const html = render('Before <script>alert(1)</script> after <b>bold</b>', '<script>alert(1)</script>')
    expect(html).toContain('&lt;')
    expect(html).toContain('&lt;/<mark>script</mark>&gt;')
    expect(html).not.toMatch(/<script/i)
    expect(html).not.toContain('<b>')
    expect(html).toBe(
      'Before &lt;<mark>script</mark>&gt;<mark>alert</mark>(1)&lt;/<mark>script</mark>&gt; after &lt;b&gt;bold&lt;/b&gt;',
    )
  })

  it('renders a query that is pure markup without highlighting anything from its punctuation', () => {
    const html = render('<script>alert(1)</script>', '"><img src=x onerror=alert(1)>')
    expect(html).toContain('&lt;script&gt;')
    expect(html).not.toMatch(/<script|<img/i)
  })
})

describe('excerpt', () => {
  it('keeps a short passage whole, with its whitespace collapsed and its words marked', () => {
    expect(shownOf('Line one\n\nline   two', 'line')).toBe('[Line] one [line] two')
    expect(excerpt('Line one\n\nline   two', 'line').cut).toBe(false)
  })

  it('cuts a long passage around the query words, at word boundaries, with ellipses', () => {
    const filler = (word: string, count: number) => Array.from({ length: count }, () => word).join(' ')
    const text = `${filler('alpha', 100)} the customer concentration risk is high ${filler('omega', 100)}`
    const shown = excerpt(text, 'customer concentration risk', 200)
    expect(shown.cut).toBe(true)
    const plain = shown.segments.map((segment) => segment.text).join('')
    // Cut between words: whole words at both ends.
    expect(plain).toMatch(/^…alpha .* omega…$/)
    expect(plain).toContain('customer concentration risk is high')
    expect(plain.length).toBeLessThanOrEqual(202)
    expect(shown.segments.filter((segment) => segment.match).map((segment) => segment.text)).toEqual([
      'customer',
      'concentration',
      'risk',
    ])
  })

  it('marks the same words as highlighting the excerpt on its own would', () => {
    const text = `${'Revenue grew. '.repeat(40)}Net cash used in investing activities was 1,452.4 in 2019. ${'Costs fell. '.repeat(40)}`
    for (const query of ['net cash investing 1,452.4', 'revenue costs', 'nothing here']) {
      const shown = excerpt(text, query, 200)
      const plain = shown.segments.map((segment) => segment.text).join('')
      expect(shownOf(text, query, 200)).toBe(
        highlightSegments(plain, query)
          .map((segment) => (segment.match ? `[${segment.text}]` : segment.text))
          .join(''),
      )
    }
  })

  it('gives the same marks for a query asked again', () => {
    const text = 'Risk and risks: the risk of customer concentration.'
    expect(marked(text, 'risk')).toEqual(['Risk', 'risks', 'risk'])
    expect(marked(text, 'risk')).toEqual(['Risk', 'risks', 'risk'])
    expect(shownOf(text, 'risk')).toBe('[Risk] and [risks]: the [risk] of customer concentration.')
  })
})
