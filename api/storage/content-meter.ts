import { createHash } from 'node:crypto'
import { Transform } from 'node:stream'

const HEAD_BYTES = 4096

export class FileTooLargeError extends Error {
  name = 'FileTooLargeError'
}

/**
 * A pass-through that hashes, counts and keeps the first bytes of what flows through it, failing with
 * FileTooLargeError once more than `maxBytes` have passed. Every store streams an upload through one,
 * so a file is addressed by its SHA-256 without ever being held whole.
 */
export function contentMeter(maxBytes: number) {
  const hash = createHash('sha256')
  const head: Buffer[] = []
  let headLength = 0
  let size = 0
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length
      if (size > maxBytes) return done(new FileTooLargeError())
      hash.update(chunk)
      if (headLength < HEAD_BYTES) {
        head.push(chunk.subarray(0, HEAD_BYTES - headLength))
        headLength += Math.min(chunk.length, HEAD_BYTES - headLength)
      }
      done(null, chunk)
    },
  })
  return {
    stream,
    /** The SHA-256, size and head of everything that passed; call once the stream has finished. */
    result: () => ({ key: hash.digest('hex'), size, head: new Uint8Array(Buffer.concat(head)) }),
  }
}
