import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import ReactMarkdown from 'react-markdown'
import remarkGfm from 'remark-gfm'

/**
 * The HTML a CommonMark renderer with GitHub's extensions (autolinks, tables, strikethrough) makes
 * of a Markdown text. Raw HTML is left out rather than shown, so markup that reached the text
 * unescaped shows up as words missing from what a reader sees.
 */
export const renderedMarkdown = (markdown: string) =>
  renderToStaticMarkup(createElement(ReactMarkdown, { remarkPlugins: [remarkGfm], skipHtml: true }, markdown))

/** The text a reader sees in that HTML. */
export const seenText = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')

/**
 * That HTML with each link whose words are its own address replaced by the address: renderers that
 * link bare addresses in text (remark-gfm) make such links, which show where they lead.
 */
export const withoutAddressLinks = (html: string) =>
  html.replace(/<a href="(?:https?:\/\/|mailto:)?([^"]+)">\1<\/a>/g, '$1')
