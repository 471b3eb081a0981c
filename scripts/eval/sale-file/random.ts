/**
 * A seeded generator (mulberry32): the same seed gives the same sale file on every machine, so a
 * seed's numbers, layouts and questions can be named in a report and looked at again.
 */
export class Random {
  private state: number

  constructor(seed: number) {
    this.state = (seed * 0x9e3779b1) >>> 0
  }

  /** A float in [0, 1). */
  next() {
    this.state = (this.state + 0x6d2b79f5) >>> 0
    let t = this.state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  /** An integer in [low, high]. */
  int(low: number, high: number) {
    return low + Math.floor(this.next() * (high - low + 1))
  }

  /** A float in [low, high). */
  between(low: number, high: number) {
    return low + this.next() * (high - low)
  }

  chance(probability: number) {
    return this.next() < probability
  }

  pick<T>(items: readonly T[]): T {
    if (!items.length) throw new Error('pick from nothing')
    return items[Math.floor(this.next() * items.length)]!
  }

  /** `count` distinct items, in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    return this.shuffle(items).slice(0, count)
  }

  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items]
    for (let index = copy.length - 1; index > 0; index--) {
      const other = Math.floor(this.next() * (index + 1))
      ;[copy[index], copy[other]] = [copy[other]!, copy[index]!]
    }
    return copy
  }
}
