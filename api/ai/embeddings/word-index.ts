/**
 * A read-only lookup from a word to its rank over one UTF-8 buffer and two integer arrays: for the
 * 341,479 words of the default vectors about 9 MB, where a Map of strings held about 35 MB of the
 * server's heap for as long as it ran (issue 12). Open addressing with linear probing, FNV-1a.
 */
export class WordIndex {
  readonly size: number
  private readonly bytes: Buffer
  /** Where each word starts in `bytes`; one more entry marks the end of the last. */
  private readonly starts: Int32Array
  /** rank + 1 of the word hashed to each slot, 0 for none. */
  private readonly slots: Int32Array
  private readonly mask: number

  constructor(words: string[]) {
    this.size = words.length
    this.bytes = Buffer.from(words.join(''), 'utf8')
    this.starts = new Int32Array(words.length + 1)
    let offset = 0
    words.forEach((word, rank) => {
      this.starts[rank] = offset
      offset += Buffer.byteLength(word, 'utf8')
    })
    this.starts[words.length] = offset
    let capacity = 1
    while (capacity < words.length * 2) capacity *= 2
    this.slots = new Int32Array(capacity)
    this.mask = capacity - 1
    for (let rank = 0; rank < words.length; rank++) {
      const start = this.starts[rank]!
      const end = this.starts[rank + 1]!
      let slot = hash(this.bytes, start, end) & this.mask
      // A word listed twice keeps its last rank, as a Map filled in order would.
      while (this.slots[slot] !== 0 && !this.holds(this.slots[slot]! - 1, this.bytes, start, end)) {
        slot = (slot + 1) & this.mask
      }
      this.slots[slot] = rank + 1
    }
  }

  get(word: string): number | undefined {
    const key = Buffer.from(word, 'utf8')
    let slot = hash(key, 0, key.length) & this.mask
    for (;;) {
      const entry = this.slots[slot]!
      if (entry === 0) return undefined
      if (this.holds(entry - 1, key, 0, key.length)) return entry - 1
      slot = (slot + 1) & this.mask
    }
  }

  has(word: string) {
    return this.get(word) !== undefined
  }

  /** Whether the word of `rank` is the bytes of `source` from `start` to `end`. */
  private holds(rank: number, source: Uint8Array, start: number, end: number) {
    const from = this.starts[rank]!
    if (this.starts[rank + 1]! - from !== end - start) return false
    for (let index = 0; index < end - start; index++) {
      if (this.bytes[from + index] !== source[start + index]) return false
    }
    return true
  }
}

function hash(bytes: Uint8Array, start: number, end: number) {
  let value = 0x811c9dc5
  for (let index = start; index < end; index++) value = Math.imul(value ^ bytes[index]!, 0x01000193)
  return value >>> 0
}
