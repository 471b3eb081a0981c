import { readFileSync } from 'node:fs'

/**
 * Whether another process's memory and CPU time can be read cheaply here: Linux's /proc gives them
 * in one small synchronous read. Elsewhere (macOS, Windows: development machines) it would take a
 * `ps` process per sample, so readers there are bounded by their heap cap and the clock (README).
 */
export const canWatchProcesses = process.platform === 'linux'

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

/**
 * The fields of /proc/<pid>/stat after the command name: state, ppid, ... (proc(5)). The name is
 * in parentheses and may hold any character, so the fields start after its last ") ". Throws once
 * the process has ended.
 */
export function statFields(pid: number) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  return stat.slice(stat.lastIndexOf(') ') + 2).split(' ')
}

// Linux's clock ticks a second, in which /proc gives CPU times.
export const USER_HZ = 100

/** The CPU time, user and system, the process has used in milliseconds; undefined once it has ended. */
export function cpuTimeMs(pid: number): number | undefined {
  try {
    const fields = statFields(pid)
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / USER_HZ
  } catch {
    return undefined
  }
}
