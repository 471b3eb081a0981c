import { describe, expect, it } from 'vitest'

import { locatePassage } from '../../api/documents/passage'

describe('locating a cited passage in its page', () => {
  const page = 'Lease terms.\n\nThe factory lease   in Dayton runs\nuntil 2031.\n\nRenewal: two options.'

  it('finds the chunk whatever the whitespace', () => {
    const found = locatePassage(page, 'The factory lease in Dayton runs until 2031.')!
    expect(page.slice(found.start, found.end)).toBe('The factory lease   in Dayton runs\nuntil 2031.')
  })

  it('anchors on both ends when the chunk repeats a table header the page has once', () => {
    const table =
      'Segment | 2024 | 2023\nConsulting | 4,210 | 3,880\nSoftware licences | 1,950 | 1,720\nTotal revenue | 6,160 | 5,600'
    const chunk = 'Segment | 2024 | 2023\nTotal revenue | 6,160 | 5,600'
    const found = locatePassage(`Revenue.\n${table}\nNotes follow.`, chunk)
    expect(found).not.toBeNull()
  })

  it('gives null for a passage that is not on the page', () => {
    expect(locatePassage(page, 'Something that was never written on this page at all, in any form.')).toBeNull()
    expect(locatePassage(page, '   ')).toBeNull()
  })
})
