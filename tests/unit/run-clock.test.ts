import { spawn } from 'node:child_process'

import { afterEach, describe, expect, it, vi } from 'vitest'

import { cpuTimeMs } from '../../api/ingest/process-usage'
import { startOwnRunClock, startRunClockOf, WALL_LIMIT_FACTOR } from '../../api/ingest/run-clock'

// Readers run below the web processes, so a reader on a busy server gets few of the cores: its run
// limit counts its own CPU time, with the clock kept, at a third, for one that is starved or stuck.
const children: Array<ReturnType<typeof spawn>> = []
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL')
})
const run = (code: string) => {
  const child = spawn(process.execPath, ['--eval', code], { stdio: 'ignore' })
  children.push(child)
  return child.pid!
}

describe('a run’s clock', () => {
  it('counts the CPU time of a reader that works, whole', async () => {
    const pid = run('for (;;);')
    const before = cpuTimeMs(pid)!
    const spent = startRunClockOf(pid)
    await vi.waitFor(() => expect(cpuTimeMs(pid)! - before).toBeGreaterThanOrEqual(300), {
      timeout: 20_000,
      interval: 20,
    })
    // Its clock time over three would be about 100 ms on a core of its own; a tick (10 ms) may
    // fall between the two first looks.
    expect(spent()).toBeGreaterThanOrEqual(290)
  }, 30_000)

  it('counts a third of the clock’s time for a reader that waits', async () => {
    const spent = startRunClockOf(run('setTimeout(() => {}, 60_000)'))
    const started = performance.now()
    await vi.waitFor(() => expect(spent()).toBeGreaterThanOrEqual(200), { timeout: 20_000, interval: 20 })
    expect(performance.now() - started).toBeGreaterThanOrEqual(200 * WALL_LIMIT_FACTOR)
  }, 30_000)

  it('is kept by the reader in its own CPU time', () => {
    const spent = startOwnRunClock()
    const cpuAtStart = process.cpuUsage()
    const burnt = () => {
      const cpu = process.cpuUsage(cpuAtStart)
      return (cpu.user + cpu.system) / 1000
    }
    while (burnt() < 200);
    expect(spent()).toBeGreaterThanOrEqual(200)
  })
})
