import { describe, expect, it } from 'vitest'

import { pageList } from '../../api/ingest/ocr/read-scans'

describe('page numbers in a note about scanned pages', () => {
  it('names one page, two pages, and runs of three or more as ranges', () => {
    expect(pageList([3])).toBe('3')
    expect(pageList([3, 5])).toBe('3 and 5')
    expect(pageList([3, 4])).toBe('3 and 4')
    expect(pageList([3, 4, 5, 6, 9, 12])).toBe('3-6, 9 and 12')
    expect(pageList([1, 2, 3, 7, 8, 9])).toBe('1-3 and 7-9')
  })
})
