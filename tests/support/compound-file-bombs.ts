const SECTOR = 512
const FREE = -1
const END_OF_CHAIN = -2
const FAT_SECTOR = -3
const DIFAT_SECTOR = -4

/**
 * An Office 97-2003 workbook (a compound file, version 3) holding a 4 KB mini stream and `streams`
 * directory entries of 4,095 bytes that all read it: ~128 bytes of file per entry, 4 KB copied
 * per entry by a reader that takes each stream at its word. 100,000 of them make a 13 MB file
 * that SheetJS unpacks to 400 MB, in buffers outside the V8 heap.
 */
export function overlappingStreamsWorkbook(streams: number): Uint8Array<ArrayBuffer> {
  const miniStream = [0, 1, 2, 3, 4, 5, 6, 7] // 8 sectors: 64 mini sectors of 64 bytes
  const miniFat = 8
  const firstDirectory = 9
  const directorySectors = Math.ceil((streams + 1) / 4)
  const firstFat = firstDirectory + directorySectors
  let fatSectors = 1
  while (fatSectors * 128 < firstFat + fatSectors + difatSectors(fatSectors)) fatSectors++
  const firstDifat = firstFat + fatSectors
  const difats = difatSectors(fatSectors)
  const file = Buffer.alloc(SECTOR * (1 + firstDifat + difats))
  const sector = (id: number) => file.subarray(SECTOR * (1 + id), SECTOR * (2 + id))

  Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(file, 0)
  file.writeUInt16LE(0x3e, 24) // minor version
  file.writeUInt16LE(3, 26) // major version: 512-byte sectors
  file.writeUInt16LE(0xfffe, 28) // byte order
  file.writeUInt16LE(9, 30) // sector shift
  file.writeUInt16LE(6, 32) // mini sector shift
  file.writeUInt32LE(fatSectors, 44)
  file.writeInt32LE(firstDirectory, 48)
  file.writeUInt32LE(4096, 56) // mini stream cutoff
  file.writeInt32LE(miniFat, 60)
  file.writeUInt32LE(1, 64)
  file.writeInt32LE(difats ? firstDifat : END_OF_CHAIN, 68)
  file.writeUInt32LE(difats, 72)
  const fatIds = Array.from({ length: fatSectors }, (_, index) => firstFat + index)
  for (let index = 0; index < 109; index++) file.writeInt32LE(fatIds[index] ?? FREE, 76 + index * 4)
  for (let difat = 0; difat < difats; difat++) {
    const listed = sector(firstDifat + difat)
    for (let slot = 0; slot < 127; slot++) listed.writeInt32LE(fatIds[109 + difat * 127 + slot] ?? FREE, slot * 4)
    listed.writeInt32LE(difat + 1 < difats ? firstDifat + difat + 1 : END_OF_CHAIN, 508)
  }

  const fat = (id: number, next: number) => sector(firstFat + Math.floor(id / 128)).writeInt32LE(next, (id % 128) * 4)
  for (let id = 0; id < fatSectors * 128; id++) fat(id, FREE)
  miniStream.forEach((id, index) => fat(id, miniStream[index + 1] ?? END_OF_CHAIN))
  fat(miniFat, END_OF_CHAIN)
  for (let index = 0; index < directorySectors; index++)
    fat(firstDirectory + index, index + 1 < directorySectors ? firstDirectory + index + 1 : END_OF_CHAIN)
  for (const id of fatIds) fat(id, FAT_SECTOR)
  for (let difat = 0; difat < difats; difat++) fat(firstDifat + difat, DIFAT_SECTOR)
  // The mini FAT chains the 64 mini sectors into one 4 KB run.
  for (let mini = 0; mini < 128; mini++)
    sector(miniFat).writeInt32LE(mini < 63 ? mini + 1 : mini === 63 ? END_OF_CHAIN : FREE, mini * 4)

  const entry = (index: number, name: string, type: number, start: number, size: number) => {
    const record = sector(firstDirectory + Math.floor(index / 4)).subarray((index % 4) * 128, (index % 4) * 128 + 128)
    const encoded = Buffer.from(`${name}\0`, 'utf16le')
    encoded.copy(record, 0)
    record.writeUInt16LE(encoded.length, 64)
    record[66] = type
    record[67] = 1 // black
    record.writeInt32LE(FREE, 68) // left sibling
    record.writeInt32LE(FREE, 72) // right sibling
    record.writeInt32LE(index === 0 ? 1 : FREE, 76) // child
    record.writeInt32LE(start, 116)
    record.writeUInt32LE(size, 120)
  }
  entry(0, 'Root Entry', 5, miniStream[0]!, 4096)
  for (let index = 1; index <= streams; index++) entry(index, index === 1 ? 'Workbook' : `Stream ${index}`, 2, 0, 4095)
  return new Uint8Array(file.buffer, file.byteOffset, file.length) as Uint8Array<ArrayBuffer>
}

/** DIFAT sectors needed to list `fatSectors` FAT sectors beyond the header's 109. */
const difatSectors = (fatSectors: number) => Math.max(0, Math.ceil((fatSectors - 109) / 127))
