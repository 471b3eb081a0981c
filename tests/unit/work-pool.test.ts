import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { build } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { workPool, type WorkPoolOptions, WorkRefused } from '../../runtime/work-pool'

let folder: string
let entry: string

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'work-pool-'))
  entry = path.join(folder, 'thread.mjs')
  await build({
    entryPoints: ['tests/support/sample-work-thread.ts'],
    outfile: entry,
    bundle: true,
    platform: 'node',
    format: 'esm',
    logLevel: 'error',
  })
})
afterAll(() => rmSync(folder, { recursive: true, force: true }))

const pools: Array<ReturnType<typeof workPool>> = []
afterAll(() => Promise.all(pools.map((pool) => pool.stop())))

function pool(options: Partial<WorkPoolOptions> = {}) {
  const made = workPool({
    name: 'report',
    entry: async () => entry,
    threads: 1,
    queue: 4,
    perOwner: 2,
    deadlineMs: 20_000,
    ...options,
  })
  pools.push(made)
  return made
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'done',
    (error: unknown) => (error instanceof WorkRefused ? error.reason : String(error)),
  )

describe('a pool of worker threads for heavy work', () => {
  it('answers each task from a thread, bytes as bytes', async () => {
    const work = pool()
    expect(await work.run('echo', { a: [1, 2], at: new Date(0) })).toEqual({ a: [1, 2], at: new Date(0) })
    const bytes = await work.run<Uint8Array>('bytes', 1000)
    expect(bytes).toBeInstanceOf(Uint8Array)
    expect(bytes.length).toBe(1000)
    expect(bytes[999]).toBe(7)
  })

  it('keeps the caller’s event loop free while a thread is busy', async () => {
    const work = pool()
    let ticks = 0
    const ticker = setInterval(() => ticks++, 10)
    const spun = work.run('spin', 1_000)
    // The timer keeps firing while the thread's own loop is held.
    await expect.poll(() => ticks, { timeout: 10_000, interval: 10 }).toBeGreaterThanOrEqual(5)
    expect(work.load()).toEqual({ running: 1, waiting: 0 })
    expect(await spun).toBe('spun')
    clearInterval(ticker)
  })

  it('runs the threads below the event loops that serve pages', async () => {
    expect(await pool({ nice: 10 }).run('priority', null)).toBe(10)
  })

  it('stops a task at its deadline, waiting included, and goes on with the next in a new thread', async () => {
    const work = pool({ deadlineMs: 1_000 })
    const [late, waited] = [work.run('spin', 60_000), work.run('echo', 'second')]
    expect(await refusal(late)).toBe('deadline')
    expect(await late.catch((error: Error) => error.message)).toBe(
      'Making this report took longer than 1 second and was stopped. Please try again in a minute.',
    )
    // The second waited behind the first until both deadlines had passed.
    expect(await refusal(waited)).toBe('deadline')
    expect(await work.run('echo', 'after')).toBe('after')
  })

  it('refuses at once an owner’s task past their limit, and any task past the queue', async () => {
    const work = pool({ perOwner: 2, queue: 2 })
    const first = work.run('spin', 500, { owner: 'ada' })
    const second = work.run('echo', 2, { owner: 'ada' })
    const third = work.run('echo', 3, { owner: 'ada' })
    expect(await refusal(third)).toBe('owner-busy')
    await expect(third).rejects.toThrow(
      'You already have 2 reports being made, the most at once. Please try again in a few seconds, once one has finished.',
    )
    // Another owner still gets in, until the queue is full.
    const other = work.run('echo', 'bea', { owner: 'bea' })
    expect(await refusal(work.run('echo', 'carl', { owner: 'carl' }))).toBe('busy')
    expect(await Promise.all([first, second, other])).toEqual(['spun', 2, 'bea'])
    // Done tasks no longer count against their owner.
    expect(await work.run('echo', 4, { owner: 'ada' })).toBe(4)
  })

  it('stops a task that needs more memory than a thread may have', async () => {
    const work = pool({ memoryMb: 32 })
    expect(await refusal(work.run('grow', null))).toBe('memory')
    expect(await work.run('echo', 'still here')).toBe('still here')
  })

  it('passes a task’s own failure on, and keeps serving', async () => {
    const work = pool()
    await expect(work.run('fail', 'the table has no rows')).rejects.toThrow('the table has no rows')
    expect(await work.run('echo', 'next')).toBe('next')
  })
})
