import { describe, expect, it } from 'vitest'

import { idFrom, requireId } from '../../app/utils/route-id'
import { MAX_ID } from '../../shared/ids'

describe('an id from the URL', () => {
  it('is a whole number from 1 to the largest id a row can have', () => {
    expect(idFrom('42')).toBe(42)
    expect(idFrom(String(MAX_ID))).toBe(MAX_ID)
    for (const raw of [undefined, '', '0', '-1', '1e3', '1.5', ' 7', '0x10', String(MAX_ID + 1), '9'.repeat(400)])
      expect(idFrom(raw), String(raw)).toBeNull()
  })

  it('answers 404 with what was not found when it is not one', () => {
    expect(requireId('7')).toBe(7)
    let thrown: unknown
    try {
      requireId('abc', 'Document not found')
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(Response)
    expect((thrown as Response).status).toBe(404)
  })
})
