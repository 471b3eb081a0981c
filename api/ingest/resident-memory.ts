import { readFileSync } from 'node:fs'

/**
 * Whether another process's resident memory can be read cheaply here: Linux's /proc gives it in
 * one small synchronous read. Elsewhere (macOS, Windows: development machines) it would take a
 * `ps` process per sample, so readers there are bounded by their heap cap alone (README).
 */
export const canWatchResidentMemory = process.platform === 'linux'

/** The process's resident set size in MB, as the kernel counts it; undefined once it has ended. */
export function residentMemoryMb(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]
    return kb === undefined ? undefined : Number(kb) / 1024
  } catch {
    return undefined
  }
}
