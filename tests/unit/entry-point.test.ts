import { afterEach, describe, expect, it, vi } from 'vitest'

import { ConfigError } from '../../api/kernel/config'
import { runEntryPoint } from '../../runtime/entry-point'

function watchExit() {
  const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never)
  const printed = vi.spyOn(console, 'error').mockImplementation(() => {})
  return { exit, printed }
}

afterEach(() => vi.restoreAllMocks())

describe('runEntryPoint', () => {
  it('prints only the message of a bad setting and exits 1', async () => {
    const { exit, printed } = watchExit()
    await runEntryPoint(async () => {
      throw new ConfigError('Invalid environment configuration:\n  JWT_SECRET: must be at least 32 characters')
    })
    expect(exit).toHaveBeenCalledWith(1)
    expect(printed).toHaveBeenCalledWith(
      'Invalid environment configuration:\n  JWT_SECRET: must be at least 32 characters',
    )
  })

  it("treats the web tier's failed settings check as a bad setting too", async () => {
    const { exit, printed } = watchExit()
    await runEntryPoint(async () => {
      throw new Error(
        'Invalid environment configuration:\n  SESSION_SECRET: each secret must be at least 16 characters',
      )
    })
    expect(exit).toHaveBeenCalledWith(1)
    expect(printed).toHaveBeenCalledWith(
      'Invalid environment configuration:\n  SESSION_SECRET: each secret must be at least 16 characters',
    )
  })

  it('prints any other start-up failure whole, stack included, and exits 1', async () => {
    const { exit, printed } = watchExit()
    const failure = new Error('port 3000 is in use')
    await runEntryPoint(async () => {
      throw failure
    })
    expect(exit).toHaveBeenCalledWith(1)
    expect(printed).toHaveBeenCalledWith(failure)
  })

  it('leaves a process that started running', async () => {
    const { exit } = watchExit()
    let started = false
    await runEntryPoint(async () => {
      started = true
    })
    expect(started).toBe(true)
    expect(exit).not.toHaveBeenCalled()
  })
})
