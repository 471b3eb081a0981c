import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import { jobs, organizations } from '../../api/db/schema'
import { createJobQueue, type Job, type JobQueue, WORK_WINDOW_MINUTES } from '../../api/jobs/queue'
import { type JobHandler, startJobWorker } from '../../api/jobs/worker'
import { hugePdf } from '../support/huge-pdf'
import { type Harness, registerThroughInvitation, signIn, startApi } from './support/harness'
import { corpusFile, upload } from './support/uploads'

/** A promise the test settles itself, so a job's work ends exactly when the test says so. */
function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { open, opened }
}

describe('claiming jobs', () => {
  let api: Harness
  let queue: JobQueue
  let orgA: number
  let orgB: number
  const names = async (claims: Array<Promise<{ payload: Record<string, unknown> } | null>>) => {
    const claimed: Array<string | null> = []
    for (const claim of claims) claimed.push(((await claim)?.payload.name as string | undefined) ?? null)
    return claimed
  }
  const enqueue = (name: string, organizationId: number | null) => queue.enqueue('work', { name }, { organizationId })

  beforeAll(async () => {
    api = await startApi({ JOB_WORKER: 'false' })
    ;[{ id: orgA }] = await api.db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.slug, 'demo-advisory-group'))
    ;[{ id: orgB }] = await api.db
      .insert(organizations)
      .values({ name: 'Harbor Capital', slug: 'harbor-capital' })
      .returning({ id: organizations.id })
  })
  afterAll(() => api.close())
  beforeEach(async () => {
    await api.db.delete(jobs)
    queue = createJobQueue(api.db, { leaseSeconds: 60 })
  })

  it('takes the oldest job of the organization with the fewest jobs running, before older jobs of a busier one', async () => {
    await enqueue('a1', orgA)
    await enqueue('a2', orgA)
    await enqueue('a3', orgA)
    await enqueue('b1', orgB)
    await enqueue('b2', orgB)
    expect(
      await names([queue.claim(), queue.claim(), queue.claim(), queue.claim(), queue.claim(), queue.claim()]),
    ).toEqual(['a1', 'b1', 'a2', 'b2', 'a3', null])
  })

  it('counts the jobs other workers are running, but not those whose lease ran out', async () => {
    await enqueue('a1', orgA)
    await enqueue('a2', orgA)
    await enqueue('b1', orgB)
    const other = createJobQueue(api.db, { leaseSeconds: 60 })
    expect(await names([other.claim()])).toEqual(['a1'])
    expect(await names([queue.claim()])).toEqual(['b1'])

    await enqueue('b2', orgB)
    // The other worker died: its job stops counting as running once its lease ends.
    await api.db
      .update(jobs)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(jobs.lockedBy, other.workerId))
    expect(await names([queue.claim(), queue.claim(), queue.claim()])).toEqual(['a1', 'a2', 'b2'])
  })

  /** Runs `name`'s job as if its run had taken `seconds`, ending now, and answers its row. */
  async function ranFor(name: string, organizationId: number, seconds: number) {
    await enqueue(name, organizationId)
    const job = (await queue.claim())!
    expect(job.payload.name).toBe(name)
    await api.db
      .update(jobs)
      .set({ startedAt: sql`now() - make_interval(secs => ${seconds})` })
      .where(eq(jobs.id, job.id))
    await queue.complete(job)
    return job
  }

  it('takes the job of the organization that worked less lately, before an older job of one that worked more', async () => {
    // Organization A's last run read scans for a minute; its next job was queued before B's first.
    await ranFor('a0', orgA, 60)
    await enqueue('a1', orgA)
    await enqueue('b1', orgB)
    expect(await names([queue.claim()])).toEqual(['b1'])
    expect(await names([queue.claim()])).toEqual(['a1'])
  })

  it('weighs the time runs took, not how many there were, and forgets runs that ended long ago', async () => {
    await ranFor('a0', orgA, 5)
    for (const name of ['b0', 'b00']) await ranFor(name, orgB, 30)
    await enqueue('b1', orgB)
    await enqueue('a1', orgA)
    expect(await names([queue.claim()])).toEqual(['a1'])
    await queue.complete((await api.db.select().from(jobs).where(eq(jobs.status, 'running')))[0]!)

    await api.db
      .update(jobs)
      .set({ endedAt: sql`now() - make_interval(mins => ${WORK_WINDOW_MINUTES + 1})` })
      .where(eq(jobs.organizationId, orgB))
    await enqueue('a2', orgA)
    // B's runs left the window: its older job goes first again.
    expect(await names([queue.claim(), queue.claim()])).toEqual(['b1', 'a2'])
  })

  const giveWay = async (job: Job, marginMs: number) => (await queue.contention(job, marginMs)).giveWay

  it('tells a long run to give its slot up to an organization that waits and worked less', async () => {
    await enqueue('a1', orgA)
    const run = (await queue.claim())!
    await api.db
      .update(jobs)
      .set({ startedAt: sql`now() - make_interval(secs => 20)` })
      .where(eq(jobs.id, run.id))
    expect(await giveWay(run, 5_000)).toBe(false)
    // Its own organization's next job is not another's.
    await enqueue('a2', orgA)
    expect(await giveWay(run, 5_000)).toBe(false)
    // Another organization, with nothing running and no work done: the claim would take it first.
    await enqueue('b1', orgB)
    expect(await giveWay(run, 5_000)).toBe(true)
    // Not with a margin larger than the 20 s the run has taken.
    expect(await giveWay(run, 30_000)).toBe(false)
    // Nor once that organization has a job running.
    expect(await names([queue.claim()])).toEqual(['b1'])
    await enqueue('b2', orgB)
    expect(await giveWay(run, 5_000)).toBe(false)
  })

  it('has only the organization that worked most of those running give its slot up', async () => {
    const [orgC] = await api.db
      .insert(organizations)
      .values({ name: 'Cedar Partners', slug: 'cedar-partners-give-way' })
      .returning({ id: organizations.id })
    try {
      await enqueue('a1', orgA)
      await enqueue('b1', orgB)
      const [runA, runB] = [(await queue.claim())!, (await queue.claim())!]
      await api.db
        .update(jobs)
        .set({ startedAt: sql`now() - make_interval(secs => 20)` })
        .where(eq(jobs.id, runA.id))
      await api.db
        .update(jobs)
        .set({ startedAt: sql`now() - make_interval(secs => 40)` })
        .where(eq(jobs.id, runB.id))
      await enqueue('c1', orgC!.id)
      // B has run longer: it gives way, A goes on.
      expect(await giveWay(runB, 5_000)).toBe(true)
      expect(await giveWay(runA, 5_000)).toBe(false)
    } finally {
      await api.db.delete(organizations).where(eq(organizations.id, orgC!.id))
    }
  })

  it("tells a run whether a job is due that could take its slot: its own organization's, or one's with none running", async () => {
    await enqueue('a1', orgA)
    await enqueue('b1', orgB)
    const [runA, runB] = [(await queue.claim())!, (await queue.claim())!]
    const anotherDue = async (job: Job) => (await queue.contention(job, 0)).anotherDue
    expect([await anotherDue(runA), await anotherDue(runB)]).toEqual([false, false])
    // A's next document could take A's slot; B's slot would only go back to B (A runs a job already).
    await enqueue('a2', orgA)
    expect([await anotherDue(runA), await anotherDue(runB)]).toEqual([true, false])
    await enqueue('system', null)
    expect(await anotherDue(runB)).toBe(true)
  })

  it('records the time of every run as its job ends, whichever way it ends', async () => {
    await enqueue('done', orgA)
    await enqueue('retried', orgA)
    await enqueue('handed back', orgA)
    const claimed = [(await queue.claim())!, (await queue.claim())!, (await queue.claim())!]
    await api.db.update(jobs).set({ startedAt: sql`now() - make_interval(secs => 30)` })
    await queue.complete(claimed[0]!)
    await queue.retryOrFail(claimed[1]!, 'a passing problem')
    await queue.handBack(claimed[2]!)
    const rows = await api.db.select().from(jobs).orderBy(jobs.id)
    for (const row of rows) {
      expect(row.ranMs).toBeGreaterThanOrEqual(30_000)
      expect(row.endedAt).not.toBeNull()
    }
  })

  it('leaves out the organizations it is told to, never system work', async () => {
    await enqueue('a1', orgA)
    await enqueue('system', null)
    await enqueue('b1', orgB)
    const claim = () => queue.claim({ excludeOrganizations: [orgA] })
    expect(await names([claim(), claim(), claim()])).toEqual(['system', 'b1', null])
    expect(await names([queue.claim()])).toEqual(['a1'])
  })

  describe('in one worker', () => {
    /** Starts a worker whose jobs record their name and run until `release` opens. */
    function worker(concurrency: number) {
      const started: string[] = []
      const release = gate()
      const handler: JobHandler = async (job) => {
        started.push(job.payload.name as string)
        await release.opened
      }
      const running = startJobWorker(queue, { work: handler }, { concurrency, pollMs: 50 })
      return {
        started,
        async finish() {
          release.open()
          await running.idle()
          await running.stop()
        },
      }
    }

    for (const concurrency of [2, 3]) {
      it(`keeps one of its ${concurrency} slots for other organizations, however much one has queued`, async () => {
        for (const name of ['a1', 'a2', 'a3', 'a4']) await enqueue(name, orgA)
        const { started, finish } = worker(concurrency)
        try {
          const ownShare = ['a1', 'a2', 'a3'].slice(0, concurrency - 1)
          await vi.waitFor(() => expect(started).toEqual(ownShare))
          await enqueue('b1', orgB)
          // Without the cap, organization A's next job would have taken the last slot already.
          await vi.waitFor(() => expect(started).toHaveLength(concurrency))
          expect(started).toEqual([...ownShare, 'b1'])
        } finally {
          await finish()
        }
      })
    }

    it("with one slot, runs one organization's jobs when only it has work", async () => {
      await enqueue('a1', orgA)
      await enqueue('a2', orgA)
      const { started, finish } = worker(1)
      await vi.waitFor(() => expect(started).toEqual(['a1']))
      await finish()
      expect(started).toEqual(['a1', 'a2'])
      expect((await api.db.select({ status: jobs.status }).from(jobs)).map((job) => job.status)).toEqual([
        'done',
        'done',
      ])
    })

    it('does not cap system work', async () => {
      for (const name of ['s1', 's2']) await enqueue(name, null)
      const { started, finish } = worker(2)
      try {
        await vi.waitFor(() => expect(started).toEqual(['s1', 's2']))
      } finally {
        await finish()
      }
    })
  })
})

describe("one organization's huge document", () => {
  it("does not hold up another organization's small one", { timeout: 120_000 }, async () => {
    const api = await startApi()
    try {
      const admin = await signIn(api, 'admin')
      const analystA = await signIn(api, 'analyst')
      const created = await api.request('/organizations/', {
        method: 'POST',
        token: admin.access,
        json: { name: 'Harbor Capital' },
      })
      const slugB = (await created.json()).slug
      const analystB = await registerThroughInvitation(api, admin, slugB, {
        email: 'bruno@harbor.example',
        username: 'bruno',
        role: 'analyst',
      })
      const status = async (token: string, id: number, org?: string) =>
        (await (await api.request(`/documents/${id}/`, { token, org })).json()).processing_status

      // 300,000 pages: pdf.js needs minutes to read them all (extraction stops it at its deadline).
      const archive = hugePdf(300_000)
      expect(archive.byteLength).toBeLessThan(api.deps.config.MAX_UPLOAD_MB * 1024 * 1024)
      // Two of them: without fairness they would take both slots of the default JOB_CONCURRENCY (2).
      const huge: number[] = []
      for (const name of ['archive-2019.pdf', 'archive-2020.pdf']) {
        huge.push((await (await upload(api, analystA, { name, bytes: archive, type: 'application/pdf' })).json()).id)
      }
      await vi.waitFor(async () => expect(await status(analystA.access, huge[0]!)).toBe('processing'), {
        timeout: 30_000,
        interval: 100,
      })

      const small = (
        await (
          await upload(
            api,
            analystB,
            { name: 'tracemonkey.pdf', bytes: corpusFile('pdf/pdfjs__tracemonkey.pdf') },
            {},
            slugB,
          )
        ).json()
      ).id
      await vi.waitFor(async () => expect(await status(analystB.access, small, slugB)).toBe('processed'), {
        timeout: 60_000,
        interval: 100,
      })

      // Organization A's first archive is still being read, its second waits for A's one slot.
      expect([await status(analystA.access, huge[0]!), await status(analystA.access, huge[1]!)]).toEqual([
        'processing',
        'pending',
      ])
    } finally {
      await api.close()
    }
  })
})
