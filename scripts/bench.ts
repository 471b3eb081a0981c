// `npm run bench`: measured figures, printed and written to bench-results/latest.json. Nothing here
// asserts a timing; docs/benchmarks.md records the figures with the machine they came from.
import { mkdirSync, writeFileSync } from 'node:fs'
import os from 'node:os'

import { measureAbuse } from './bench/abuse'
import { measureFrozenProcess, measureKilledUpload } from './bench/abuse-processes'
import { measureBombs } from './bench/bombs'
import { measureBurst } from './bench/burst'
import { measureFairness } from './bench/fairness'
import { measureIngestion } from './bench/ingestion'
import { measureJsBytes } from './bench/js-bytes'
import { CATEGORIES, measureLighthouse } from './bench/lighthouse'
import { measureOcr } from './bench/ocr'
import { type LoadFigures, measurePages } from './bench/pages'
import { measurePagesWhileReading } from './bench/pages-while-reading'
import { measureParsers } from './bench/parsers'
import { measureRendering } from './bench/rendering'
import { measureScale } from './bench/scale'
import { measureSearch } from './bench/search'
import { measureSession } from './bench/session'
import { measureStartup } from './bench/startup'
import { measureStreams } from './bench/streams'

const option = (name: string) =>
  process.argv.find((argument) => argument.startsWith(`${name}=`))?.slice(name.length + 1)
const only = option('--only')?.split(',')
const wanted = (name: string) => !only || only.includes(name)
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const ms = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`
const results: Record<string, unknown> = {
  date: new Date().toISOString(),
  machine: {
    node: process.version,
    cpus: os.cpus().length,
    cpu: os.cpus()[0]?.model,
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
  },
}

if (wanted('js')) {
  const rows = measureJsBytes()
  results.js = rows
  console.log('\nJavaScript each route ships on a first visit (entry + route modules, gzip -9):')
  console.table(rows.map((row) => ({ url: row.url, route: row.route, gzip: kb(row.gzip), raw: kb(row.raw) })))
}

if (wanted('startup')) {
  const startup = await measureStartup()
  results.startup = startup
  console.log('\nStart to first response (GET /login = 200), 3 runs each:')
  console.table({
    'empty DATA_DIR (migrate + seed)': {
      min: ms(startup.cold.min),
      median: ms(startup.cold.median),
      max: ms(startup.cold.max),
    },
    'restart on existing data': {
      min: ms(startup.warm.min),
      median: ms(startup.warm.median),
      max: ms(startup.warm.max),
    },
  })
}

if (wanted('session')) {
  const session = await measureSession()
  results.session = session
  const us = (value: number) => `${Math.round(value * 1000)} µs`
  console.log(
    `\nSession check on every authenticated request (${session.refreshTokens.toLocaleString('en-US')} refresh tokens stored):`,
  )
  console.table({
    'revocation check alone (one indexed SQL statement)': { p50: us(session.check.p50), p95: us(session.check.p95) },
    'select 1 on the same database (the floor of any statement)': {
      p50: us(session.floor.p50),
      p95: us(session.floor.p95),
    },
    'GET /api/me/ in process, check included': { p50: us(session.me.p50), p95: us(session.me.p95) },
  })
}

if (wanted('ingestion')) {
  const ingestion = await measureIngestion()
  results.ingestion = ingestion
  console.log('\nIngestion through the API and job worker (upload to processed, one at a time):')
  console.table({
    'text PDFs (tracemonkey 14 p + pdkids 55 p, x3)': {
      amount: `${ingestion.pdf.pages} pages`,
      seconds: ingestion.pdf.seconds.toFixed(2),
      throughput: `${ingestion.pdf.pagesPerSecond.toFixed(1)} pages/s`,
    },
    ...Object.fromEntries(
      ingestion.tables.map((table) => [
        table.name,
        {
          amount: `${table.megabytes.toFixed(2)} MB`,
          seconds: table.seconds.toFixed(2),
          throughput: `${table.mbPerSecond.toFixed(2)} MB/s`,
        },
      ]),
    ),
  })
}

if (wanted('ocr')) {
  const ocr = await measureOcr()
  results.ocr = ocr
  const mb = (value: number) => `${Math.round(value)} MB`
  const row = (figures: (typeof ocr)['agreement'], accuracy: string) => ({
    pages: figures.pages,
    seconds: figures.seconds.toFixed(2),
    'pages/s': figures.pagesPerSecond.toFixed(2),
    'RSS idle -> peak': `${mb(figures.idleRssMb)} -> ${mb(figures.peakRssMb)}`,
    'reader peak': mb(figures.readerPeakRssMb),
    accuracy,
  })
  console.log('\nOCR of scanned PDFs in reader processes (each case in a fresh process):')
  console.table({
    'corpus brochure (1 dense page, 300 dpi)': row(
      ocr.brochure,
      `word recall ${(ocr.brochure.wordRecall * 100).toFixed(1)}%, CER ${(ocr.brochure.characterErrorRate * 100).toFixed(2)}%`,
    ),
    'generated agreement (10 pages, 200 dpi)': row(
      ocr.agreement,
      `mean confidence ${ocr.agreement.meanConfidence.toFixed(0)}`,
    ),
    'two agreements at once (JOB_CONCURRENCY=2)': row(ocr.twoAtOnce, ''),
  })
}

if (wanted('bombs')) {
  const bombs = await measureBombs()
  results.bombs = bombs
  console.log('\nDecompression bombs through the API (server RSS, upload to failed):')
  console.table(
    Object.fromEntries(
      bombs.map((run) => [
        run.case,
        {
          'RSS idle -> peak': `${run.idleRssMb} -> ${run.peakRssMb} MB`,
          seconds: run.seconds.toFixed(2),
          outcome: [...new Set(run.outcomes)].join(' / ').slice(0, 90),
        },
      ]),
    ),
  )
}

if (wanted('abuse')) {
  // `--app-dir=<checkout>` replays against another checkout of the app, for the before of an after.
  const appDir = option('--app-dir')
  console.log(`\nIssue 43's heavy requests, replayed against ${appDir ?? 'this checkout'} (npm start's defaults):`)
  const at = appDir ? { appDir } : {}
  const { runs, outputs } = await measureAbuse(at)
  const frozen = await measureFrozenProcess(at)
  const killedUpload = await measureKilledUpload(at)
  console.log('7: another organization’s text behind two organizations’ scans:')
  // Taking turns has a cost of its own to measure, in this checkout only.
  const fairness = await measureFairness({ ...at, turnCost: !appDir })
  results.abuse = { appDir: appDir ?? null, runs, frozen, killedUpload, fairness, outputs }
  console.table(
    Object.fromEntries(
      runs.map((run) => [
        run.finding,
        {
          killed: run.kills,
          'their failed': `${run.theirFailed} of ${run.theirRequests}`,
          'their p50 / p99 / max': `${Math.round(run.theirP50Ms)} / ${Math.round(run.theirP99Ms)} / ${Math.round(run.theirMaxMs)} ms`,
          answered: run.outcomes,
          slowest: ms(run.slowestMs),
        },
      ]),
    ),
  )
  console.log(
    `5: a web process frozen until killed: ${frozen.answered} of ${frozen.connections} new connections answered, ${frozen.hanging} with no answer within 30 s, the slowest answered in ${ms(frozen.slowestAnsweredMs)}`,
  )
  console.log(
    `6: uploads in flight when the server was killed: ${killedUpload.stagedMb.toFixed(1)} MB staged, ${killedUpload.leftMb.toFixed(1)} MB left a minute after it started again`,
  )
  for (const run of fairness.runs)
    console.log(
      `7: ${run.scansPerOrganization} scans of ${run.pagesPerScan} pages each by two organizations: another's text processed ${run.victimWaitSeconds === null ? 'not at all' : `${run.victimWaitSeconds.toFixed(1)} s`} after its upload`,
    )
  console.log(`8: characters XML forbids in a Word export of text that holds them: ${outputs.forbiddenInWord}`)
  console.log(`9: the sprint of a task due 9999-12-31 ends ${outputs.sprintEnd}`)
}

if (wanted('search')) {
  const sizes = option('--sizes')?.split(',').map(Number)
  console.log('\nSearch (ingesting the generated corpus first; this takes a few minutes):')
  // `--search-data-dir=<folder>` keeps the ingested organizations there and searches them again on the next run.
  const keepDataDir = option('--search-data-dir')
  // `--after-upload`: one document more in each organization before it is searched, its lists kept again.
  const search = await measureSearch({
    ...(sizes ? { sizes } : {}),
    ...(keepDataDir ? { keepDataDir } : {}),
    afterUpload: process.argv.includes('--after-upload'),
  })
  results.search = search
  const { embedder } = search
  console.log('\nDefault embedder (word vectors), in a fresh process:')
  console.table({
    'build the binary cache from the npm package (once)': {
      value: `${ms(embedder.buildMs)}, peak RSS ${Math.round(embedder.buildRssMb)} MB`,
    },
    'load the cache': { value: ms(embedder.loadMs) },
    'memory held (JS heap + typed arrays)': {
      value: `${(embedder.heapMb + embedder.arrayBuffersMb).toFixed(1)} MB (${embedder.heapMb} + ${embedder.arrayBuffersMb}); process RSS ${Math.round(embedder.rssMb)} MB`,
    },
    'embed one ~110-word chunk': { value: `${embedder.perChunkMs.toFixed(3)} ms` },
  })
  console.log(
    `\nSearch latency through POST /api/search/ (with ${search.otherChunks} chunks of another organization present):`,
  )
  console.table(
    Object.fromEntries(
      search.organizations.map((organization) => [
        `${organization.chunks} chunks`,
        {
          'hybrid p50/p95': `${ms(organization.hybrid.p50)} / ${ms(organization.hybrid.p95)}`,
          'hybrid, terms held': `${ms(organization.hybridHeld.p50)} / ${ms(organization.hybridHeld.p95)}`,
          'hybrid, first asked after idle': `${ms(organization.hybridAfterIdle.p50)} / ${ms(organization.hybridAfterIdle.p95)}`,
          'full text p50/p95': `${ms(organization.lexical.p50)} / ${ms(organization.lexical.p95)}`,
          'vector exact p50/p95': `${ms(organization.vectorExact.p50)} / ${ms(organization.vectorExact.p95)}`,
          'vector HNSW p50/p95': `${ms(organization.vectorHnsw.p50)} / ${ms(organization.vectorHnsw.p95)}`,
          'HNSW recall@10': organization.vectorHnsw.recallAt10.toFixed(3),
          ingest: Number.isNaN(organization.ingestSeconds) ? 'kept' : `${organization.ingestSeconds.toFixed(0)} s`,
        },
      ]),
    ),
  )
}

if (wanted('pages')) {
  const duration = Number(option('--duration') ?? 15)
  const rounds = Number(option('--rounds') ?? 1)
  console.log(`\nPages under load beside a bare Remix page (autocannon, ${duration} s per target, interleaved):`)
  const pages = await measurePages({
    duration,
    rounds,
    targets: option('--targets')?.split(','),
    connections: option('--connections')?.split(',').map(Number),
    dataDir: option('--data-dir'),
    profileDir: option('--profile'),
    idleSeconds: option('--idle-seconds') === undefined ? undefined : Number(option('--idle-seconds')),
  })
  results.pages = pages
  const ratio = (value: number) => value.toFixed(value < 0.1 ? 3 : 2)
  for (const connections of [...new Set(pages.rows.map((row) => row.connections))]) {
    const latency = connections === 10 ? 'p97.5' : 'p99'
    console.log(
      `\n${connections} connections, ${pages.documents} documents in the organization, our server in ${pages.processes} process(es):`,
    )
    const bareCpu = pages.rows.find((row) => row.connections === connections && row.target === 'bare Remix page')!
    console.table(
      Object.fromEntries(
        pages.rows
          .filter((row) => row.connections === connections)
          .map((row) => [
            row.target,
            {
              'req/s': Math.round(row.figures.requestsPerSecond),
              'p50 ms': row.figures.p50,
              'p97.5 ms': row.figures.p97_5,
              'p99 ms': row.figures.p99,
              'errors/non-2xx': `${row.figures.errors}/${row.figures.non2xx}`,
              'req/s ÷ bare': ratio(row.throughputRatio),
              [`${latency} ÷ bare`]: ratio(row.latencyRatio),
              'CPU ms/req': row.figures.cpuMsPerRequest.toFixed(2),
              'CPU ÷ bare': (row.figures.cpuMsPerRequest / bareCpu.figures.cpuMsPerRequest).toFixed(1),
            },
          ]),
      ),
    )
  }
  const memory = (label: string, { pss, rss }: { pss: number; rss: number }) => `${label} ${pss} MB (RSS ${rss} MB)`
  console.log(
    `Server memory, PSS of all its processes (RSS summed): ${[
      memory('after seeding', pages.memory.settled),
      memory('after the load', pages.memory.afterLoad),
      memory('idle a minute later', pages.memory.idle),
    ].join(', ')}`,
  )
}

if (wanted('streams')) {
  const counts = option('--streams')?.split(',').map(Number)
  console.log('\nChat answers streamed at once (a model server writing 20 pieces 50 ms apart):')
  const streams = await measureStreams(counts ? { counts } : {})
  results.streams = streams
  console.table(
    Object.fromEntries(
      streams.map((row) => [
        `${row.concurrent} at once`,
        {
          'completed through the relay': `${row.completed}/${row.concurrent}`,
          dropped: row.dropped,
          'first chunk, relay p50/p95': `${ms(row.relayFirstChunk.p50)} / ${ms(row.relayFirstChunk.p95)}`,
          'first chunk, API p50/p95': `${ms(row.directFirstChunk.p50)} / ${ms(row.directFirstChunk.p95)}`,
          'whole answer, relay p50/p95': `${ms(row.relayTotal.p50)} / ${ms(row.relayTotal.p95)}`,
        },
      ]),
    ),
  )
}

if (wanted('burst')) {
  const organizations = Number(option('--organizations') ?? 50)
  console.log(
    `\nOne question each from ${organizations} users of ${organizations} organizations at once, within the chat limits:`,
  )
  const rounds = Number(option('--rounds') ?? 3)
  const burst = await measureBurst({ organizations, rounds, profileDir: option('--profile') })
  results.burst = burst
  console.table({
    [`${organizations} organizations`]: {
      'completed through the relay': `${burst.completed}/${organizations * rounds}`,
      'first chunk, relay p50/p95': `${ms(burst.relayFirstChunk.p50)} / ${ms(burst.relayFirstChunk.p95)}`,
      'first chunk, API p50/p95': `${ms(burst.directFirstChunk.p50)} / ${ms(burst.directFirstChunk.p95)}`,
      'whole answer, relay p50/p95': `${ms(burst.relayTotal.p50)} / ${ms(burst.relayTotal.p95)}`,
      'server CPU a question, relay/API': `${ms(burst.cpuPerQuestionMs.relay)} / ${ms(burst.cpuPerQuestionMs.api)}`,
    },
  })
}

if (wanted('reading')) {
  // `--app-dir=<checkout>` measures another checkout of the app, for the before of an after.
  const appDir = option('--app-dir')
  console.log(
    `\n/dashboard under load, idle and while four clients upload PDFs one after another (${appDir ?? 'this checkout'}):`,
  )
  const reading = await measurePagesWhileReading(appDir ? { appDir } : {})
  results.reading = reading
  const row = (load: LoadFigures) => ({
    'req/s': Math.round(load.requestsPerSecond),
    'p50 / p97.5 / p99': `${load.p50} / ${load.p97_5} / ${load.p99} ms`,
    'errors/non-2xx': `${load.errors}/${load.non2xx}`,
    'CPU ms/req': load.cpuMsPerRequest.toFixed(2),
  })
  console.table({ idle: row(reading.idle), 'while reading': row(reading.reading) })
  console.log(`documents read meanwhile: ${reading.documentsRead}`)
}

if (wanted('scale')) {
  console.log('\nUploads processed per minute, scaled out and embedded (40 corpus files uploaded at once):')
  const scale = await measureScale()
  results.scale = scale
  const mb = ({ rss, pss }: { rss: number; pss: number }) => `${rss} (${pss})`
  console.table(
    Object.fromEntries(
      scale.runs.map((run) => [
        run.setup,
        {
          documents: `${run.documents} (${run.megabytes.toFixed(1)} MB)`,
          'uploaded in': `${run.uploadSeconds.toFixed(1)} s`,
          'all processed in': `${run.seconds.toFixed(1)} s`,
          'per minute': run.perMinute.toFixed(1),
        },
      ]),
    ),
  )
  console.log(
    'Memory, RSS (PSS) in MB: idle before the uploads (on a restart), the peak sampled every 250 ms until processed, and just after the first start that created the database:',
  )
  console.table(
    Object.fromEntries(
      scale.runs.flatMap((run) =>
        Object.entries(run.memory).map(([role, memory]) => [
          `${run.setup}: ${role}`,
          {
            idle: mb(memory.idle),
            peak: mb(memory.peak),
            'first start': run.firstStart[role] ? mb(run.firstStart[role]) : '',
            'CPU s under load': run.cpuSeconds[role]?.toFixed(1) ?? '',
          },
        ]),
      ),
    ),
  )
  const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(' ')
  console.log(
    `JOB_CONCURRENCY ${scale.jobConcurrency}; load average before ${load(scale.loadAverage.before)}, after ${load(scale.loadAverage.after)}`,
  )
}

if (wanted('lighthouse')) {
  const runs = Number(option('--runs') ?? 3)
  console.log(`\nLighthouse (mobile, simulated throttling), median of ${runs} runs per page:`)
  const report = await measureLighthouse({ runs })
  results.lighthouse = report
  console.log(
    `Lighthouse ${report.lighthouse}, ${report.chromium}, load average ${report.loadAverage.before.toFixed(2)} -> ${report.loadAverage.after.toFixed(2)}`,
  )
  console.table(
    Object.fromEntries(
      report.pages.map((page) => [
        page.url,
        {
          ...Object.fromEntries(
            CATEGORIES.map((category) => [
              category,
              `${page.scores[category]} (${page.runs.map((run) => run[category]).join('/')})`,
            ]),
          ),
          flagged: Object.keys(page.flagged).join(', '),
        },
      ]),
    ),
  )
}

if (wanted('parsers')) {
  console.log('\nParsers of user text, each shape at a quarter of its size limit and at the limit (issue 30):')
  const parsers = await measureParsers()
  results.parsers = parsers
  const perMb = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms/MB`
  console.table(
    parsers.rows.map((row) => ({
      parser: row.parser,
      shape: row.shape,
      limit: `${(row.limitChars / 1024 / 1024).toFixed(2)} MB`,
      'at 1/4': perMb(row.quarterMsPerMb),
      'at limit': perMb(row.limitMsPerMb),
      'limit ÷ 1/4': (row.limitMsPerMb / row.quarterMsPerMb).toFixed(2),
    })),
  )
  const { eventLoop } = parsers
  console.log(
    `Reading a 5 MB transcript (${eventLoop.shape}): on the event loop ${ms(eventLoop.readMs.inProcess)}, longest event-loop delay ${ms(eventLoop.longestDelayMs.inProcess)}; in the worker thread ${ms(eventLoop.readMs.inThread)}, longest delay ${ms(eventLoop.longestDelayMs.inThread)}`,
  )
}

if (wanted('rendering')) {
  console.log(`\nRendering a member's heaviest content at the input limits (issue 43), a fresh process each:`)
  const rendering = measureRendering()
  results.rendering = rendering
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b)
  console.table(
    Object.fromEntries(
      rendering.map((row) => [
        row.case,
        row.failed
          ? { 'median ms': `failed after ${Math.round(row.failed.afterMs)} ms: ${row.failed.reason}` }
          : {
              'median ms': Math.round(sorted(row.ms)[Math.floor(row.ms.length / 2)]!),
              rounds: row.ms.map((value) => Math.round(value)).join(' / '),
              'CPU ms': row.cpuMs.map((value) => Math.round(value)).join(' / '),
              size: row.case.endsWith('page') ? `${kb(row.size)} HTML` : kb(row.size),
              'peak RSS': `${row.maxRssMb} MB`,
            },
      ]),
    ),
  )
}

mkdirSync('bench-results', { recursive: true })
writeFileSync('bench-results/latest.json', JSON.stringify(results, null, 2))
console.log('\nWritten to bench-results/latest.json')
