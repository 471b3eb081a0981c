import { spawn } from 'node:child_process'

import { expect, it } from 'vitest'

import { treeCpuMs } from '../../scripts/bench/app-process'

// The burst benchmark's CPU a question: a worker that exits during a crowd once took its earlier
// time back from the sum, and one crowd read 0.4 ms a question where the next read 14.
it('counts the CPU time of a child that ran and exited while measured', async () => {
  const before = treeCpuMs(process.pid)
  // The child uses 300 ms of CPU, however busy the machine is, then exits.
  const burn = 'while (process.cpuUsage().user + process.cpuUsage().system < 300_000);'
  const child = spawn(process.execPath, ['--eval', burn], { stdio: 'ignore' })
  await new Promise((resolve, reject) => child.on('exit', resolve).on('error', reject))
  expect(treeCpuMs(process.pid) - before).toBeGreaterThanOrEqual(290)
})
