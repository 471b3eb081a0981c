import { describe, expect, it } from 'vitest'

import { currentLogContext, withLogContext } from '../../runtime/log'
import { count, measured, newRequestMetrics } from '../../runtime/request-metrics'
import { scopedValue } from '../../runtime/request-scope'

describe('the values a request carries, in one scope', () => {
  it('keeps the values set around a run when it sets another, and restores its own after', async () => {
    const metrics = newRequestMetrics()
    const seen = await withLogContext({ requestId: 'outer' }, () =>
      measured(metrics, async () => {
        await Promise.resolve()
        count('sqlStatements')
        const inner = await withLogContext({ requestId: 'inner' }, async () => {
          await new Promise((resolve) => setImmediate(resolve))
          count('apiCalls')
          return currentLogContext()?.requestId
        })
        return { inner, after: currentLogContext()?.requestId }
      }),
    )
    expect(seen).toEqual({ inner: 'inner', after: 'outer' })
    expect(metrics).toMatchObject({ sqlStatements: 1, apiCalls: 1 })
    expect(currentLogContext()).toBeUndefined()
  })

  it('gives requests served at once their own values', async () => {
    const slot = scopedValue<number>('test-slot')
    const other = scopedValue<string>('test-other')
    // Each request waits until the ones after it have gone on: they resume in the reverse order.
    const gates = [1, 2, 3].map(() => {
      let resolve!: () => void
      const promise = new Promise<void>((done) => (resolve = done))
      return { promise, resolve }
    })
    const serving = Promise.all(
      [1, 2, 3].map((id) =>
        other.run(`request ${id}`, () =>
          slot.run(id, async () => {
            await gates[id - 1]!.promise
            return `${other.getStore()}: ${slot.getStore()}`
          }),
        ),
      ),
    )
    for (const gate of gates.reverse()) gate.resolve()
    const served = await serving
    expect(served).toEqual(['request 1: 1', 'request 2: 2', 'request 3: 3'])
    expect(slot.getStore()).toBeUndefined()
  })
})
