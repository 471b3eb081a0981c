import { describe, expect, it } from 'vitest'

import { chunkPages } from '../../api/ingest/chunker'

describe('cutting a page into chunks', () => {
  it('keeps the page’s last sentence after a chunk whose last sentence is too long to repeat', () => {
    // Five sentences of 241 characters fill a chunk; the last, longer than the 240-character
    // overlap, is not repeated, and the short sentence after it is all that is left of the page.
    const long = (word: string) => `${`${word} `.repeat(59)}${word}. `
    const text = `${['One', 'Two', 'Six', 'Ten', 'Won'].map(long).join('')}The end.`
    const chunks = chunkPages([{ kind: 'section', label: null, text }])
    expect(chunks.map((chunk) => chunk.text.slice(-8))).toEqual(['Won Won.', 'The end.'])
  })
})
