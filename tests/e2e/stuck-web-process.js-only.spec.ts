// Runs once (the js-off project skips *.js-only specs): it drives its own server process, no page.
import http from 'node:http'

import { expect, test } from '@playwright/test'

import { DEMO_PASSWORD } from './support/fixtures'
import { sessionCookie } from './support/login-form'
import { type StartedServer, startServer } from './support/server'

interface Answer {
  path: string
  /** The status, or why there was none. */
  outcome: number | string
  requestId?: string
  /** When the connection was opened (epoch ms, as the server's log lines are timed). */
  openedAt: number
  /** How long the full answer took. */
  ms: number
}

/**
 * One request (a GET, or a form posted) on a connection of its own, as a new visitor's browser opens
 * one, given `timeoutMs` to answer in full. A connection is handed to one web process when it opens:
 * a kept-alive one would show nothing of the others.
 */
function ask(base: string, path: string, headers: Record<string, string> = {}, form?: string, timeoutMs = 1_000) {
  const openedAt = Date.now()
  return new Promise<Answer>((resolve) => {
    const answered = (outcome: Answer['outcome'], requestId?: string) =>
      resolve({ path, outcome, requestId, openedAt, ms: Date.now() - openedAt })
    const failed = (error: Error) =>
      answered(error.name === 'AbortError' ? `no answer within ${timeoutMs / 1000} s` : error.message)
    const request = http.request(
      `${base}${path}`,
      {
        agent: false,
        method: form === undefined ? 'GET' : 'POST',
        headers: form === undefined ? headers : { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        signal: AbortSignal.timeout(timeoutMs),
      },
      (response) => {
        response.resume()
        response.on('error', failed)
        response.on('end', () => answered(response.statusCode ?? 0, response.headers['x-request-id'] as string))
      },
    )
    request.on('error', failed)
    request.end(form)
  })
}

/** The server's JSON log lines, read as they come (each line parsed once). */
function serverLog(server: StartedServer) {
  const lines: Array<Record<string, unknown>> = []
  const answeredBy = new Map<string, number>()
  let read = 0
  const update = () => {
    const output = server.output()
    const end = output.lastIndexOf('\n') + 1
    for (const line of output.slice(read, end).split('\n')) {
      if (!line.startsWith('{')) continue
      const parsed = JSON.parse(line) as Record<string, unknown>
      lines.push(parsed)
      if (typeof parsed.requestId === 'string') answeredBy.set(parsed.requestId, parsed.pid as number)
    }
    read = end
    return lines
  }
  return {
    lines: update,
    /** The web processes that have started serving, in order, as the primary reports them. */
    webProcesses: () =>
      update()
        .filter((line) => typeof line.startMs === 'number')
        .map((line) => line.webProcess as number),
    /** The web process that answered, from its request's log line. */
    servedBy(answer: Answer) {
      update()
      return answer.requestId ? answeredBy.get(answer.requestId) : undefined
    },
  }
}

test('the review’s post is refused at once; a web process stuck in one request is killed and replaced, while the other answers every new connection within a second, and the one the stuck process was handed goes to another once it is killed', async () => {
  test.setTimeout(300_000)
  // Two web processes kept without load, as an operator sets who wants no pause when one is stuck;
  // info lines, to read which process answered each request.
  const server = await startServer({
    WEB_CONCURRENCY: '2',
    WEB_MIN_PROCESSES: '2',
    WEB_STALL_KILL_SECONDS: '5',
    LOG_LEVEL: 'info',
  })
  const log = serverLog(server)
  let stuck: number | undefined
  try {
    await expect.poll(() => log.webProcesses(), { timeout: 120_000 }).toHaveLength(2)
    const [frozen, healthy] = log.webProcesses() as [number, number]
    const member = await sessionCookie(server.url, 'member', DEMO_PASSWORD)
    const analyst = await sessionCookie(server.url, 'analyst', DEMO_PASSWORD)

    // The review's post, which held a web process for 26 minutes, is refused at once now, while
    // health and another user's page are answered within the second beside it.
    for (const body of [
      'name=&sections[0].title=x&sections[99999].title=y',
      'name=&sections[0].title=x&sections[4294967294].title=y',
    ]) {
      const [attack, ...others] = await Promise.all([
        ask(server.url, '/conversation-templates/new', { cookie: analyst, origin: server.url }, body),
        ask(server.url, '/api/health/'),
        ask(server.url, '/dashboard', { cookie: member }),
      ])
      expect(attack.outcome, body).toBe(400)
      expect(others.map((answer) => answer.outcome)).toEqual([200, 200])
    }
    expect(log.lines().filter((line) => /did not answer/.test(String(line.msg)))).toEqual([])

    // An event loop that no longer answers, as the analyst's post left one for 26 minutes. New
    // visitors keep coming, each on a connection of its own, given far longer than the kill takes.
    const visits = [
      ['/api/health/', {}],
      ['/login', {}],
      ['/dashboard', { cookie: member }],
    ] as const
    const asked: Array<Promise<Answer>> = []
    const answers: Answer[] = []
    const visit = () => {
      const [path, headers] = visits[asked.length % visits.length]!
      const answer = ask(server.url, path, headers, undefined, 20_000)
      asked.push(answer)
      void answer.then((settled) => answers.push(settled))
    }
    process.kill(frozen, 'SIGSTOP')
    stuck = frozen
    // A few at once, before the primary can know: the frozen process, still as fresh as its last
    // heartbeat, is handed one of them in its turn.
    for (let i = 0; i < 3; i++) visit()
    const lineOf = (pattern: RegExp) =>
      log.lines().find((line) => line.webProcess === frozen && pattern.test(String(line.msg)))
    const killLine = () => lineOf(/killed/)
    const servedSinceKill = () =>
      answers.filter((answer) => answer.openedAt > (killLine()?.time as number)).map(log.servedBy)
    await expect
      .poll(
        () => {
          visit()
          const replacement = log.webProcesses()[2]
          return (
            Boolean(killLine() && replacement) && [healthy, replacement].every((p) => servedSinceKill().includes(p))
          )
        },
        { timeout: 120_000, intervals: [150] },
      )
      .toBe(true)
    await Promise.all(asked)

    expect(killLine()).toMatchObject({ level: 50, msg: expect.stringMatching(/^web process \d+ did not answer for/) })
    expect(killLine()!.silentMs).toBeGreaterThanOrEqual(5_000)
    await expect.poll(() => isRunning(frozen)).toBe(false)
    stuck = undefined
    // The healthy process was not retired: it answers beside the replacement.
    expect(new Set(servedSinceKill().filter(Boolean))).toEqual(new Set([healthy, log.webProcesses()[2]]))

    // Every visitor got the page, none was left waiting or reset: the one connection the frozen
    // process was handed before it could be noticed, and never took, went to another once it was
    // killed. Every other one was answered within the second, by a process that answered.
    expect(
      answers.filter((answer) => answer.outcome !== 200),
      JSON.stringify(answers),
    ).toEqual([])
    const handedAgain = log.lines().filter((line) => line.fromWebProcess === frozen)
    expect(handedAgain).toEqual([
      expect.objectContaining({ level: 40, msg: expect.stringMatching(/never took is handed to web process/) }),
    ])
    const slow = answers.filter((answer) => answer.ms > 1_000)
    expect(slow, JSON.stringify(slow)).toHaveLength(1)
    expect(log.servedBy(slow[0]!)).toBe(handedAgain[0]!.webProcess)
    expect(slow[0]!.openedAt).toBeLessThan(lineOf(/has not answered/)!.time as number)
    // Answers came while the frozen process was still there, not only once it was gone.
    const beforeKill = answers.filter((answer) => answer.openedAt < (killLine()!.time as number))
    expect(beforeKill.filter((answer) => answer.outcome === 200).length).toBeGreaterThan(3)
  } finally {
    if (stuck) process.kill(stuck, 'SIGCONT')
    await server.stop()
  }
})

function isRunning(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
