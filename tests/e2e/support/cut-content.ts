import type { Page } from '@playwright/test'

/**
 * Where the current page cuts what it shows. Each element and each piece of text is measured against
 * the box that clips it sideways (its nearest ancestor whose `overflow-x` is not `visible`, skipping
 * those an absolutely positioned element escapes; the screen when there is none). A part that ends
 * past that box's right edge is cut, unless it is a table (or preformatted text) in a region made to
 * scroll it sideways: focusable (so the keyboard scrolls it) and named (so a screen reader says what
 * it holds), like the wide tables' `.table-scroll` regions. Prose is never read by scrolling sideways,
 * line after line: a message list that scrolls, its lines wider than its box, is cut. A part that
 * starts before the box's left edge is cut too. Nothing is shortened with an ellipsis on purpose on a
 * phone: the header's shortened organization name and address are in its closed menu, or visually
 * hidden, there.
 *
 * Visually hidden texts (clipped to nothing for screen readers) and parts moved wholly off the screen
 * (the skip link until it is focused) are not shown, so not measured. One line per cut, the
 * outermost part cut in each box, with its text.
 */
export function cutContent(page: Page) {
  return page.evaluate(() => {
    // Sub-pixel layout: a part may end a fraction of a pixel past a box that fits it.
    const TOLERANCE = 1
    const styles = new Map<Element, CSSStyleDeclaration>()
    const style = (element: Element) => {
      let computed = styles.get(element)
      if (!computed) styles.set(element, (computed = getComputedStyle(element)))
      return computed
    }
    const isRoot = (element: Element) => element === document.documentElement || element === document.body
    const clips = (element: Element) => !isRoot(element) && style(element).overflowX !== 'visible'
    const positioned = (element: Element) => style(element).position !== 'static' || style(element).transform !== 'none'

    /** The box that clips `element` sideways: null for the screen. */
    function clipperOf(element: Element): Element | null {
      let position = style(element).position
      for (let ancestor = element.parentElement; ancestor && !isRoot(ancestor); ancestor = ancestor.parentElement) {
        if (position === 'fixed') return null
        // An absolutely positioned part escapes the boxes between it and the box it is placed in.
        if (position === 'absolute' && !positioned(ancestor)) continue
        if (clips(ancestor)) return ancestor
        const own = style(ancestor).position
        position = own === 'absolute' || own === 'fixed' ? own : 'static'
      }
      return null
    }

    const hiddenCache = new Map<Element, boolean>()
    /** Clipped to nothing for screen readers, here or in an ancestor. */
    function visuallyHidden(element: Element | null): boolean {
      if (!element || isRoot(element)) return false
      let hidden = hiddenCache.get(element)
      if (hidden === undefined) {
        const { clip, clipPath } = style(element)
        hidden = (clip !== 'auto' && clip !== '') || clipPath !== 'none' || visuallyHidden(element.parentElement)
        hiddenCache.set(element, hidden)
      }
      return hidden
    }

    /** A region the reader can scroll sideways from the keyboard, and knows the name of. */
    function scrollRegion(box: Element) {
      const { overflowX } = style(box)
      const focusable = box.hasAttribute('tabindex') && (box as HTMLElement).tabIndex >= 0
      const named = box.hasAttribute('aria-label') || box.hasAttribute('aria-labelledby')
      return (overflowX === 'auto' || overflowX === 'scroll') && focusable && named
    }

    function describe(element: Element) {
      const id = element.id ? `#${element.id}` : ''
      const classes = [...element.classList].map((name) => `.${name}`).join('')
      return `<${element.localName}${id}${classes}>`
    }
    const excerpt = (text: string | null) => {
      const words = (text ?? '').replace(/\s+/g, ' ').trim()
      return words.length > 60 ? `${words.slice(0, 60)}…` : words
    }

    // The inside edges of a box (its padding box, without a scroll bar), or the screen's.
    const leftEdge = (box: Element | null) => (box ? box.getBoundingClientRect().left + box.clientLeft : 0)
    const rightEdge = (box: Element | null) =>
      box ? leftEdge(box) + box.clientWidth : document.documentElement.clientWidth

    const problems: string[] = []
    // Each part found cut, with the box that cuts it: a part inside one cut by the same box is not told again.
    const cut = new Map<Element, Element | null>()

    function measure(part: Element | Text, owner: Element, box: Element | null, rect: DOMRect) {
      if (rect.width === 0 && rect.height === 0) return
      // Moved off the screen on purpose (the skip link until focused).
      if (rect.right <= 0) return
      const past = rect.right - rightEdge(box)
      const before = leftEdge(box) - rect.left
      if (past <= TOLERANCE && before <= TOLERANCE) return
      // A wide table, or preformatted lines, read by scrolling their own region sideways.
      const wide = owner.closest('table, pre')
      if (box && wide && box.contains(wide) && scrollRegion(box)) return
      if (part instanceof Element) cut.set(part, box)
      for (let outer = part instanceof Text ? owner : owner.parentElement; outer && outer !== box;) {
        if (cut.get(outer) === box) return
        outer = outer.parentElement
      }
      const what = part instanceof Text ? `text in ${describe(owner)}` : describe(part)
      const where = box ? describe(box) : 'the screen'
      const how = past > TOLERANCE ? `ends ${Math.round(past)} px past` : `starts ${Math.round(before)} px before`
      const text = part instanceof Text ? part.data : (part as HTMLElement).innerText
      problems.push(`${what} ${how} ${where}: "${excerpt(text)}"`)
    }

    for (const element of document.body.querySelectorAll('*')) {
      if (!element.checkVisibility({ visibilityProperty: true }) || visuallyHidden(element)) continue
      measure(element, element, clipperOf(element), element.getBoundingClientRect())
      for (const node of element.childNodes) {
        if (!(node instanceof Text) || !node.data.trim()) continue
        const range = document.createRange()
        range.selectNodeContents(node)
        // Text is clipped by its own element's overflow first.
        measure(node, element, clips(element) ? element : clipperOf(element), range.getBoundingClientRect())
      }
    }
    return problems
  })
}
