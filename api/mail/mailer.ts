import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'

import nodemailer from 'nodemailer'

import type { ApiConfig } from '../config'

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
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport(config.SMTP_URL)
    return {
      async send(mail) {
        await transport.sendMail({ from: config.MAIL_FROM, ...mail })
      },
    }
  }
  const outbox = path.resolve(config.DATA_DIR, 'outbox')
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: config.MAIL_FROM, ...mail })
      await mkdir(outbox, { recursive: true })
      const id = String(info.messageId).replace(/[^\w.-]/g, '')
      await writeFile(path.join(outbox, `${Date.now()}-${id}.eml`), info.message as Buffer)
    },
  }
}
