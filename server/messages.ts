import type { EmbeddingKind } from '../api/ai/embeddings/provider'

/** What a web process tells its primary (decision 012). */
export type WebProcessMessage =
  | { type: 'jobs-queued' }
  | { type: 'embed'; id: number; texts: string[]; kind: EmbeddingKind }
  /** Its event loop was saturated over the last second: another web process would help. */
  | { type: 'busy' }
  /** No request in flight for a while: it can retire if it is not the last, or be replaced if it has grown. */
  | { type: 'idle'; rssMb: number }
  /** Its event loop still runs (sent a few times a second): one that falls silent is replaced. */
  | { type: 'heartbeat' }
  /** It is ready for the connections the primary hands it (decision 045). */
  | { type: 'serving' }
  /** It took connection `id`: the primary closes its own copy. */
  | { type: 'accepted'; id: number }
  /** It is stopping and did not take connection `id` (it read nothing of it): the primary hands it to another. */
  | { type: 'refused'; id: number }

/** What the primary tells a web process. */
export type PrimaryMessage =
  | { type: 'shutdown' }
  /** Comes with a new client connection's socket, which the primary keeps open until it is accepted. */
  | { type: 'connection'; id: number }
  | { type: 'embedded'; id: number; vectors: Float32Array[] }
  | { type: 'embed-failed'; id: number; message: string }

/** The environment variable that tells a web process where its primary's embedded database listens. */
export const DATABASE_SOCKET_ENV = 'EXIT_PLANNER_DATABASE_SOCKET'

/**
 * The web process's side: asks the primary for vectors (it holds the model once for every process)
 * and wakes its job worker. Messages go with Node's structured clone ('advanced' serialization), so
 * vectors travel as Float32Arrays.
 */
export function primaryClient(send: (message: WebProcessMessage) => void) {
  let nextId = 1
  const waiting = new Map<number, { resolve: (vectors: Float32Array[]) => void; reject: (error: Error) => void }>()
  return {
    jobsQueued: () => send({ type: 'jobs-queued' }),
    embed(texts: string[], kind: EmbeddingKind) {
      const id = nextId++
      return new Promise<Float32Array[]>((resolve, reject) => {
        waiting.set(id, { resolve, reject })
        send({ type: 'embed', id, texts, kind })
      })
    },
    /** Settles the request a reply answers. */
    receive(message: PrimaryMessage) {
      if (message.type !== 'embedded' && message.type !== 'embed-failed') return
      const request = waiting.get(message.id)
      if (!request) return
      waiting.delete(message.id)
      if (message.type === 'embedded') request.resolve(message.vectors)
      else request.reject(new Error(message.message))
    },
    /** The primary is gone: nothing in flight will be answered. */
    disconnected() {
      for (const request of waiting.values()) request.reject(new Error('The primary process is gone'))
      waiting.clear()
    },
  }
}
