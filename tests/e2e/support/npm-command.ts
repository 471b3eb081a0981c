import { execFile } from 'node:child_process'

/** Runs `npm run <script>` as a command of its own (tsx, as npm would) and answers how it ended. */
export function npmCommand(script: 'backup' | 'restore', args: string[], dataDir: string) {
  return new Promise<{ code: number; output: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', `scripts/${script}.ts`, ...args],
      { env: { ...process.env, DATA_DIR: dataDir } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, output: stdout + stderr }),
    )
  })
}
