// `npm run accounts -- <command>`: users and organizations from the operator's shell, the first
// administrator of a deployment without demo users among them (docs/deploying.md). The same in a
// checkout and in the image (`docker compose exec web npm run accounts -- …`), beside the running
// server: an embedded database it holds is reached through its socket.
import { EXIT, runAccountsCommand } from '../api/accounts/command'
import { AccountRefusal } from '../api/accounts/service'
import { openDatabase, runningDatabaseSocket } from '../api/db/client'
import { ConfigError, loadApiConfig } from '../api/kernel/config'
import { systemClock } from '../api/kernel/context'
import { keepNewFilesPrivate, makeDataDirPrivate } from '../runtime/owner-only-files'
import { withGeneratedSecrets } from '../runtime/secrets'

/** EX_TEMPFAIL: the database could not be opened or reached; trying again later may work. */
const DATABASE_UNAVAILABLE = 75
// A password is at most 256 characters: reading stops well past that, whatever is piped in.
const MAX_INPUT = 4096

/** Reads one line at a terminal without echoing it. */
function ask(prompt: string) {
  const stdin = process.stdin
  return new Promise<string>((resolve, reject) => {
    let value = ''
    const finish = () => {
      stdin.off('data', onData)
      stdin.setRawMode(false)
      stdin.pause()
      process.stderr.write('\n')
    }
    const onData = (chars: string) => {
      for (const char of chars) {
        if (char === '\r' || char === '\n') return (finish(), resolve(value))
        if (char === '\u0003' || char === '\u0004')
          return (finish(), reject(new AccountRefusal('invalid', 'Cancelled.')))
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1)
        else if (value.length < MAX_INPUT) value += char
      }
    }
    process.stderr.write(prompt)
    stdin.setEncoding('utf8')
    stdin.setRawMode(true)
    stdin.on('data', onData)
    stdin.resume()
  })
}

async function readPassword() {
  if (process.stdin.isTTY) {
    const password = await ask('New password: ')
    if ((await ask('The same again: ')) !== password) throw new AccountRefusal('invalid', 'The two passwords differ.')
    return password
  }
  let text = ''
  for await (const chunk of process.stdin) {
    text += String(chunk)
    if (text.length > MAX_INPUT) break
  }
  return text.split(/\r?\n/)[0] ?? ''
}

keepNewFilesPrivate()
makeDataDirPrivate(process.env)
let database
let config
try {
  config = loadApiConfig(withGeneratedSecrets(process.env))
  database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    socketPath: config.DATABASE_URL ? undefined : runningDatabaseSocket(config.DATA_DIR),
  })
} catch (error) {
  console.error((error as Error).message)
  process.exit(error instanceof ConfigError ? EXIT.usage : DATABASE_UNAVAILABLE)
}
try {
  await database.migrate()
  process.exitCode = await runAccountsCommand(process.argv.slice(2), {
    db: database.db,
    clock: systemClock,
    readPassword,
    out: (line) => console.log(line),
    err: (line) => console.error(line),
    appUrl: config.APP_URL,
  })
} finally {
  await database.close()
}
