const SIGNATURE = Buffer.from('d0cf11e0a1b11ae1', 'hex')
const FREE = -1
const END_OF_CHAIN = -2
const HEADER_FAT_SECTORS = 109
const DIRECTORY_ENTRY = 128
const ROOT = 5
// Streams smaller than this are read from the mini stream, 64 bytes at a time.
const MINI_STREAM_CUTOFF = 4096
const MINI_SECTOR = 64

/** A little-endian 32-bit number as SheetJS reads one, bytes past the end read as zero. */
const int32 = (bytes: Buffer, at: number) =>
  (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8) | ((bytes[at + 2] ?? 0) << 16) | ((bytes[at + 3] ?? 0) << 24)

/**
 * How many bytes SheetJS copies out of a compound file (an .xls) as it opens it, counted by
 * following its own reading (cfb.js `parse`) without copying anything, and given up once past
 * `limit`. SheetJS copies each chain of sectors from every sector not yet reached (a chain that
 * runs into another is copied on through it), then for each stream of 4 KB or more that starts
 * inside a chain rather than at its head, that chain's rest again, and each small stream from
 * the mini stream, 64 bytes at a time. Streams that overlap thus turn a file of a few megabytes
 * into gigabytes, held in buffers outside the V8 heap. Nothing else about the structure is
 * judged: SheetJS reads damaged files that still make sense, and so should we (the corpus has two).
 */
export function compoundFileReadSize(bytes: Uint8Array, limit: number): number {
  const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length)
  // A workbook in the older BIFF format has no container: it is read as it is.
  if (file.length < 512 || !file.subarray(0, SIGNATURE.length).equals(SIGNATURE)) return file.length
  const sectorSize = file.readUInt16LE(26) === 4 ? 4096 : 512
  const sectorCount = Math.ceil(file.length / sectorSize) - 1
  const sector = (id: number | undefined) =>
    id !== undefined && id >= 0 && id < sectorCount
      ? file.subarray((id + 1) * sectorSize, (id + 2) * sectorSize)
      : undefined

  // The FAT's sectors: the header's list up to its first free slot, then the DIFAT chain's
  // (which SheetJS follows one link further than its count says).
  const fatSectors: number[] = []
  for (let index = 0; index < HEADER_FAT_SECTORS; index++) {
    const id = file.readInt32LE(76 + index * 4)
    if (id < 0) break
    fatSectors.push(id)
  }
  let difat = file.readInt32LE(68)
  for (let left = file.readInt32LE(72), read = 0; difat !== END_OF_CHAIN && difat !== FREE; left--, read++) {
    const listed = sector(difat)
    if (!listed || read > sectorCount) break
    for (let at = 0; at < sectorSize - 4; at += 4) {
      if (listed.readInt32LE(at) === END_OF_CHAIN) break
      fatSectors.push(listed.readInt32LE(at))
    }
    if (left < 1) break
    difat = listed.readInt32LE(sectorSize - 4)
  }
  /** The sector after `id` in its chain; undefined where SheetJS finds no FAT sector and stops. */
  const next = (id: number) => {
    const fat = sector(fatSectors[Math.floor((id * 4) / sectorSize)])
    return fat && int32(fat, (id * 4) % sectorSize)
  }

  // Every step along a chain counts as a sector copied, even one past the end of the file (which
  // SheetJS skips): no real chain leaves the file, and the count, hence this walk, stays bounded.
  let copied = 0
  // Chains from each sector not reached yet, from the directory's first one on, each followed
  // until it repeats itself; the directory is the first of them.
  const heads = new Set<number>()
  const reached = new Uint8Array(sectorCount)
  const directoryStart = file.readInt32LE(48)
  const directory: Buffer[] = []
  for (let index = 0; index < sectorCount && copied <= limit; index++) {
    const head = (index + Math.max(0, directoryStart)) % sectorCount
    if (reached[head]) continue
    heads.add(head)
    const seen = new Set<number>()
    for (let id = head; id >= 0 && !seen.has(id) && copied <= limit;) {
      seen.add(id)
      copied += sectorSize
      const data = sector(id)
      if (data) reached[id] = 1
      if (data && head === directoryStart) directory.push(data)
      const after = next(id)
      if (after === undefined) break
      id = after
    }
  }

  // Then what each directory entry reads; a chain that never ends, up to the limit.
  const entries = Buffer.concat(directory)
  let miniStream = 0
  for (let at = 0; at + DIRECTORY_ENTRY <= entries.length && copied <= limit; at += DIRECTORY_ENTRY) {
    const start = entries.readInt32LE(at + 116)
    const size = entries.readInt32LE(at + 120)
    if (entries[at + 66] === ROOT) miniStream = start
    else if (size >= MINI_STREAM_CUTOFF && !heads.has(start)) {
      heads.add(start)
      for (let id: number | undefined = start; id !== undefined && id >= 0 && copied <= limit; id = next(id))
        copied += sectorSize
    } else if (size > 0 && size < MINI_STREAM_CUTOFF && start !== END_OF_CHAIN && miniStream !== END_OF_CHAIN)
      copied += Math.ceil(size / MINI_SECTOR) * MINI_SECTOR
  }
  return copied
}
