const SEEK_SET = 0
const SEEK_END = 2

interface FileNode {
  mode: number
}

interface Stream {
  node: FileNode
  position: number
  stream_ops: unknown
}

/** The calls of Emscripten's FS wrapped here (its own types are not installed). */
export interface SizedFS {
  filesystems: { NODEFS: { stream_ops: unknown } }
  isFile(mode: number): boolean
  llseek(stream: Stream, offset: number, whence: number): number
  write(
    stream: Stream,
    buffer: ArrayBufferView,
    offset: number,
    length: number,
    position?: number,
    canOwn?: boolean,
  ): number
  doSetAttr(stream: Stream | null, node: FileNode, attributes: { size?: number }): void
  msync(stream: Stream, buffer: ArrayBufferView, offset: number, length: number, flags: number): number
}

/**
 * Keeps the size of each of the database's files in memory instead of asking the disk. PostgreSQL
 * learns a relation's length by seeking to the end of its file, for every table and index a
 * statement plans or scans; Emscripten's NODEFS answers each such seek with an `fstatSync`, which
 * under page load was a seventh of the database thread's time. Every change of a file's size in
 * this process goes through `write` (which extends it) or `doSetAttr` (truncate and ftruncate end
 * there), so a size learned once is kept up to date from those; `msync` forgets it, to be safe. The
 * database's folder is this process's alone (decision 025), so nothing else changes its files.
 */
export function keepFileSizes(FS: SizedFS) {
  const sizes = new WeakMap<FileNode, number>()
  const nodefsStreams = FS.filesystems.NODEFS.stream_ops
  const kept = (stream: Stream) => stream.stream_ops === nodefsStreams && FS.isFile(stream.node.mode)
  const [llseek, write, doSetAttr, msync] = [FS.llseek, FS.write, FS.doSetAttr, FS.msync].map((call) =>
    call.bind(FS),
  ) as [SizedFS['llseek'], SizedFS['write'], SizedFS['doSetAttr'], SizedFS['msync']]

  FS.llseek = (stream, offset, whence) => {
    if (whence !== SEEK_END || !kept(stream)) return llseek(stream, offset, whence)
    const size = sizes.get(stream.node)
    // Seeking from the start to the known end keeps FS's own checks (closed, negative) without the stat.
    if (size !== undefined) return llseek(stream, size + offset, SEEK_SET)
    const position = llseek(stream, offset, whence)
    sizes.set(stream.node, position - offset)
    return position
  }
  FS.write = (stream, buffer, offset, length, position, canOwn) => {
    let written: number
    try {
      written = write(stream, buffer, offset, length, position, canOwn)
    } catch (error) {
      sizes.delete(stream.node)
      throw error
    }
    const size = sizes.get(stream.node)
    if (size !== undefined) {
      // Without a position FS wrote at the stream's (the end, for O_APPEND) and moved it past the bytes.
      const end = position === undefined ? stream.position : position + written
      sizes.set(stream.node, Math.max(size, end))
    }
    return written
  }
  FS.doSetAttr = (stream, node, attributes) => {
    try {
      doSetAttr(stream, node, attributes)
    } finally {
      if (attributes.size !== undefined) sizes.delete(node)
    }
  }
  FS.msync = (stream, buffer, offset, length, flags) => {
    sizes.delete(stream.node)
    return msync(stream, buffer, offset, length, flags)
  }
}
