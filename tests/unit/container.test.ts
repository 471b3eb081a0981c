import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterEach, describe, expect, it, vi } from 'vitest'
import { parse } from 'yaml'

import { loadApiConfig } from '../../api/kernel/config'

// Docker does not run where the tests do: these read Dockerfile and compose.yaml and hold them to
// what CI does run (package.json's scripts, the config schemas, docs/configuration.md).

const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8')
const packageJson = JSON.parse(read('package.json')) as {
  scripts: Record<string, string>
  dependencies: Record<string, string>
}

/** The Dockerfile's instructions, continuation lines joined, each with its stage's index. */
function dockerfile() {
  const instructions: { stage: number; keyword: string; args: string }[] = []
  let stage = -1
  const text = read('Dockerfile').replace(/\\\n/g, ' ')
  for (const line of text.split('\n')) {
    const match = /^\s*([A-Z]+)\s+(.*)$/.exec(line)
    if (!match || line.trimStart().startsWith('#')) continue
    if (match[1] === 'FROM') stage++
    instructions.push({ stage, keyword: match[1]!, args: match[2]!.trim() })
  }
  const runtime = instructions.filter((instruction) => instruction.stage === stage)
  const stageNamed = (name: string) => {
    const from = instructions.find(
      (instruction) => instruction.keyword === 'FROM' && instruction.args.endsWith(` AS ${name}`),
    )
    return instructions.filter((instruction) => instruction.stage === from?.stage)
  }
  return { runtime, stageNamed }
}

/** ENV's KEY=value pairs (several per instruction). */
const envOf = (instructions: { keyword: string; args: string }[]) =>
  Object.fromEntries(
    instructions
      .filter((instruction) => instruction.keyword === 'ENV')
      .flatMap((instruction) => [...instruction.args.matchAll(/(\w+)=(\S+)/g)].map((pair) => [pair[1]!, pair[2]!])),
  )

/** `npm start`: the variables it sets (with their defaults) and the command it runs. */
function startScript() {
  const words = packageJson.scripts.start!.split(/\s+/)
  const assignments: Record<string, string> = {}
  while (/^\w+=/.test(words[0]!)) {
    const [name, value] = words.shift()!.split(/=(.*)/)
    assignments[name!] = /^\$\{\w+:-(.*)\}$/.exec(value!)?.[1] ?? value!
  }
  return { assignments, command: words }
}

interface ComposeService {
  build?: string
  image?: string
  command?: string[]
  environment?: Record<string, string>
  healthcheck?: { test?: string[]; disable?: boolean }
  volumes?: string[]
}
const compose = parse(read('compose.yaml'), { merge: true }) as {
  services: Record<string, ComposeService>
  volumes: Record<string, unknown>
}
const appServices = ['web', 'worker'] as const

/** A compose value as `docker compose` would pass it, required secrets given a long enough stand-in. */
const interpolate = (value: string) =>
  value
    .replace(/\$\{\w+:\?[^}]*\}/g, 'a-stand-in-secret-long-enough-for-every-rule')
    .replace(/\$\{\w+:-([^}]*)\}/g, '$1')
    .replace(/\$\$/g, '$')

/** The variables docs/configuration.md lists, each item naming one or several (`A`, `B` — …). */
function documentedVariables() {
  return new Set(
    read('docs/configuration.md')
      .split('\n')
      .filter((line) => line.startsWith('- `'))
      .flatMap((line) => [...line.split(' — ')[0]!.matchAll(/`(\w+)`/g)].map((match) => match[1]!)),
  )
}

function serviceEnvironment(service: ComposeService) {
  return Object.fromEntries(
    Object.entries(service.environment ?? {}).map(([name, value]) => [name, interpolate(String(value))]),
  )
}

/** The names the backend's and the web tier's settings know, given this environment (both must accept it). */
async function acceptedNames(environment: Record<string, string>) {
  const api = loadApiConfig(environment)
  vi.resetModules()
  for (const [name, value] of Object.entries(environment)) vi.stubEnv(name, value)
  const { webEnv } = await import('../../app/http/env.server')
  const web = webEnv()
  return new Set([...Object.keys(api), ...Object.keys(web)])
}

afterEach(() => {
  vi.unstubAllEnvs()
})

describe('the Dockerfile', () => {
  const { runtime, stageNamed } = dockerfile()

  it('starts the image with the command `npm start` runs, with the variables it sets', () => {
    const { assignments, command } = startScript()
    const cmd = runtime.find((instruction) => instruction.keyword === 'CMD')
    expect(JSON.parse(cmd!.args)).toEqual(command)
    expect(envOf(runtime)).toMatchObject(assignments)
    // ...which is also what the browser tests start in CI.
    expect(/command: '([^']+)'/.exec(read('playwright.config.ts'))?.[1]).toBe(command.join(' '))
  })

  it('runs as the non-root node user from its last RUN on', () => {
    const user = runtime.findIndex((instruction) => instruction.keyword === 'USER')
    expect(runtime[user]?.args).toBe('node')
    expect(runtime.slice(user + 1).some((instruction) => ['RUN', 'USER'].includes(instruction.keyword))).toBe(false)
  })

  it('takes production dependencies only into the image, and builds inside it', () => {
    const nodeModules = runtime.find((instruction) => /^--from=\S+ \/app\/node_modules /.test(instruction.args))
    const stage = /--from=(\S+)/.exec(nodeModules!.args)![1]!
    expect(stageNamed(stage).some((instruction) => /npm ci .*--omit=dev/.test(instruction.args))).toBe(true)
    expect(stageNamed('build').some((instruction) => /\bnpm run build\b/.test(instruction.args))).toBe(true)
    // The worker and the accounts command run TypeScript through tsx: it must be a production dependency.
    expect(packageJson.scripts.worker).toMatch(/^node --import tsx /)
    expect(packageJson.scripts.accounts).toMatch(/^tsx /)
    expect(packageJson.dependencies).toHaveProperty('tsx')
  })

  it('keeps the embedded database on a volume at DATA_DIR', () => {
    const volume = runtime.find((instruction) => instruction.keyword === 'VOLUME')
    expect(volume?.args).toBe(envOf(runtime).DATA_DIR)
  })

  it("makes the data volume the node user's only: a folder of mode 0700 that it owns", () => {
    const dataDir = envOf(runtime).DATA_DIR!
    const made = runtime.find((instruction) => instruction.keyword === 'RUN' && instruction.args.includes(dataDir))
    expect(made?.args).toBe(`install -d -o node -g node -m 0700 ${dataDir}`)
  })

  it('checks its health at /api/health/ with a command that exits 0 only on a 2xx answer', async () => {
    const healthcheck = runtime.find((instruction) => instruction.keyword === 'HEALTHCHECK')
    const command = JSON.parse(/CMD (\[.*\])$/.exec(healthcheck!.args)![1]!) as string[]
    expect(command.join(' ')).toContain('/api/health/')
    let status = 200
    const asked: string[] = []
    const server = createServer((request, response) => {
      asked.push(request.url!)
      response.writeHead(request.url === '/api/health/' ? status : 404).end()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const port = String((server.address() as AddressInfo).port)
    const run = async () => {
      const child = spawn(command[0]!, command.slice(1), { env: { ...process.env, PORT: port }, stdio: 'ignore' })
      const [code] = (await once(child, 'exit')) as [number | null]
      return code
    }
    try {
      expect(await run()).toBe(0)
      status = 503
      expect(await run()).toBe(1)
      expect(asked).toEqual(['/api/health/', '/api/health/'])
    } finally {
      server.close()
    }
  })
})

describe('compose.yaml', () => {
  it('runs web and worker from the Dockerfile, the web servers leaving documents to the worker', () => {
    for (const name of appServices) expect(compose.services[name]?.build).toBe('.')
    expect(compose.services.web!.environment!.JOB_WORKER).toBe('false')
    // What `npm run worker` runs, with node itself as the container's first process (no npm or sh
    // to swallow the stop signal).
    expect(compose.services.worker!.command).toEqual(packageJson.scripts.worker!.split(' '))
    expect(compose.services.worker!.command![0]).toBe('node')
    expect(compose.services.worker!.environment!.JOB_WORKER).toBeUndefined()
  })

  it('has PostgreSQL with pgvector, checked for health, on a volume', () => {
    const db = compose.services.db!
    expect(db.image).toMatch(/^pgvector\/pgvector:\d+\.\d+\.\d+-pg\d+-bookworm$/)
    expect(db.healthcheck?.test?.join(' ')).toContain('pg_isready')
    expect(db.volumes?.some((volume) => volume.endsWith(':/var/lib/postgresql/data'))).toBe(true)
    const databaseUrl = serviceEnvironment(compose.services.web!).DATABASE_URL!
    expect(new URL(databaseUrl).hostname).toBe('db')
  })

  it('pins every image it pulls to a version', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      if (service.build) continue
      expect(service.image, name).toMatch(/:[^:]*\d+\.\d+[^:]*$/)
    }
  })

  it("keeps every container's data on a named volume, none left anonymous", () => {
    const named = Object.keys(compose.volumes)
    for (const [name, service] of Object.entries(compose.services)) {
      for (const volume of service.volumes ?? []) expect(named, `${name}: ${volume}`).toContain(volume.split(':')[0])
    }
    const { runtime } = dockerfile()
    const declared = runtime.find((instruction) => instruction.keyword === 'VOLUME')!.args
    for (const name of appServices) {
      expect(
        compose.services[name]!.volumes?.map((volume) => volume.split(':')[1]),
        name,
      ).toContain(declared)
    }
  })

  it('seeds no demo organization unless asked to, and neither does the image', () => {
    for (const name of appServices) expect(serviceEnvironment(compose.services[name]!).SEED_DEMO).toBe('false')
    expect(envOf(dockerfile().runtime).SEED_DEMO).toBe('false')
  })

  it("stores uploads in an S3 server that makes the app's bucket and is checked for health", () => {
    const s3 = compose.services.s3!
    const web = serviceEnvironment(compose.services.web!)
    expect(s3.environment!.S3_BUCKET).toBe(web.S3_BUCKET)
    const endpoint = new URL(web.S3_ENDPOINT!)
    expect(endpoint.hostname).toBe('s3')
    expect(s3.healthcheck?.test?.join(' ')).toContain(`127.0.0.1:${endpoint.port}/healthz`)
    // The app's keys are the store's own: the same variables.
    const app = compose.services.web!.environment!
    expect(s3.environment!.AWS_ACCESS_KEY_ID).toBe(app.S3_ACCESS_KEY_ID)
    expect(s3.environment!.AWS_SECRET_ACCESS_KEY).toBe(app.S3_SECRET_ACCESS_KEY)
  })

  it('documents every variable web and worker get in docs/configuration.md, and both config schemas accept them', async () => {
    const documented = documentedVariables()
    for (const name of appServices) {
      const environment = serviceEnvironment(compose.services[name]!)
      const accepted = await acceptedNames(environment)
      for (const variable of Object.keys(environment)) {
        expect(documented, `${variable} in docs/configuration.md`).toContain(variable)
        expect(accepted, `${variable} known to api/kernel/config.ts or app/http/env.server.ts`).toContain(variable)
      }
    }
  })
})
