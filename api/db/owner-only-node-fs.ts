import { mkdirSync } from 'node:fs'

import type { PGlite } from '@electric-sql/pglite'
import { NodeFS } from '@electric-sql/pglite/nodefs'

import { keepFileSizes, type SizedFS } from './kept-file-sizes'

type PostgresMod = Parameters<NodeFS['init']>[1]

/** The calls of Emscripten's FS wrapped here (its own types are not installed). */
interface ModeSetters {
  chmod(file: unknown, mode: number, dontFollow?: boolean): void
  fchmod(fd: number, mode: number): void
  mkdir(folder: string, mode?: number): unknown
}

const GROUP_AND_OTHERS = 0o077

/**
 * PGlite's files on disk, readable and writable by this user only. Its file system (Emscripten's
 * NODEFS) chmods each file it creates to the mode asked for, 0666 for most, after the umask has
 * applied: even with umask 077, 968 of a fresh database's 972 files came out 0666. Every chmod
 * and mkdir of the database's file system goes through the three calls wrapped here (`open` and
 * the PostgreSQL system calls use them), so none can give group or other users anything.
 * Its files' sizes are kept in memory rather than asked of the disk at each seek to their end
 * (`keepFileSizes`).
 */
export class OwnerOnlyNodeFS extends NodeFS {
  constructor(dataDir: string) {
    // NodeFS would make the folder itself, with whatever mode the umask leaves.
    mkdirSync(dataDir, { recursive: true, mode: 0o700 })
    super(dataDir)
  }

  async init(pg: PGlite, options: Partial<PostgresMod>) {
    const { emscriptenOpts } = await super.init(pg, options)
    const ownerOnly = (module: PostgresMod) => {
      const FS = module.FS as ModeSetters
      const [chmod, fchmod, mkdir] = [FS.chmod.bind(FS), FS.fchmod.bind(FS), FS.mkdir.bind(FS)]
      FS.chmod = (file, mode, dontFollow) => chmod(file, mode & ~GROUP_AND_OTHERS, dontFollow)
      FS.fchmod = (fd, mode) => fchmod(fd, mode & ~GROUP_AND_OTHERS)
      FS.mkdir = (folder, mode = 0o777) => mkdir(folder, mode & ~GROUP_AND_OTHERS)
    }
    const sizesKept = (module: PostgresMod) => keepFileSizes(module.FS as SizedFS)
    return {
      emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), ownerOnly, sizesKept] },
    }
  }
}
