import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'

import type { Transporter } from 'nodemailer'

import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../runtime/owner-only-files'
import type { ApiConfig } from '../kernel/config'

export interface Mail {
  to: string
  subject: string
  text: string
  html: string
}

export interface Mailer {
  send(mail: Mail): Promise<void>
}

/**
 * SMTP when SMTP_URL is set; otherwise every message is written as an .eml file under
 * DATA_DIR/outbox, so a single machine needs no mail server and the messages can be opened as sent.
 */
export function createMailer(config: ApiConfig): Mailer {
  // nodemailer is loaded with the first message: most processes never send one.
  const transporter = (options: string | { streamTransport: true; buffer: true; newline: 'unix' }) => {
    let transport: Promise<Transporter> | undefined
    return () =>
      (transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(options)))
  }
  if (config.SMTP_URL) {
    const smtp = transporter(config.SMTP_URL)
    return {
      async send(mail) {
        await (await smtp()).sendMail({ from: config.MAIL_FROM, ...mail })
      },
    }
  }
  const outbox = path.resolve(config.DATA_DIR, 'outbox')
  const stream = transporter({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    async send(mail) {
      const info = await (await stream()).sendMail({ from: config.MAIL_FROM, ...mail })
      // A message holds a link that signs its reader in (an invitation, an address confirmation).
      await mkdir(outbox, { recursive: true, mode: PRIVATE_DIR_MODE })
      const id = String(info.messageId).replace(/[^\w.-]/g, '')
      await writeFile(path.join(outbox, `${Date.now()}-${id}.eml`), info.message as Buffer, {
        mode: PRIVATE_FILE_MODE,
      })
    },
  }
}

declare module '../kernel/context' {
  interface Deps {
    mailer: Mailer
  }
}
