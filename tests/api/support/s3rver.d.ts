// @20minutes/s3rver ships no types: the part of its API the tests use.
declare module '@20minutes/s3rver' {
  import type { AddressInfo } from 'node:net'

  interface S3rverOptions {
    address?: string
    port?: number
    silent?: boolean
    directory?: string
    allowMismatchedSignatures?: boolean
    configureBuckets?: Array<{ name: string }>
  }

  /** The part of a Koa context a middleware of the tests reads and sets. */
  export interface KoaContext {
    method: string
    path: string
    query: Record<string, string | string[] | undefined>
    status: number
    type: string
    body: unknown
  }

  export default class S3rver {
    constructor(options?: S3rverOptions)
    /** Koa's middleware list, composed when the server starts listening. */
    middleware: Array<(context: KoaContext, next: () => Promise<void>) => Promise<void>>
    run(): Promise<AddressInfo>
    close(): Promise<void>
  }
}
