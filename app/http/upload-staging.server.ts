import { tmpdir } from 'node:os'
import path from 'node:path'

import { type StagingArea, stagingArea } from '../../runtime/staging-area'

type Env = Record<string, string | undefined>

/** Names of ours among everything else in the system's temporary folder. */
const TEMPORARY_PREFIX = 'exit-planning-uploads-'
// Before decision 048 each upload had a folder of its own there, owned by no process.
const EARLIER_TEMPORARY = /^exit-planning-upload-[A-Za-z0-9]{6}$/

/** The server keeps DATA_DIR: its backend runs here (no API_URL), or DATA_DIR is set all the same. */
const hasDataDir = (env: Env) => Boolean(env.DATA_DIR) || !env.API_URL

const temporaryArea = () =>
  stagingArea({ root: tmpdir(), prefix: TEMPORARY_PREFIX, legacy: EARLIER_TEMPORARY, createRoot: false })

/**
 * Where the web pages stage an upload's files before passing them to the backend (decision 048):
 * `DATA_DIR/uploads` when the server has a DATA_DIR, since the system's temporary folder is often
 * memory (tmpfs), where a batch of twenty 50 MB files would take a gigabyte of it, as decision 017
 * found for the scratch copies; else the temporary folder. Either way in a folder of this process's
 * own, which a sweep removes once the process has gone.
 */
export function uploadStaging(env: Env = process.env): StagingArea {
  return hasDataDir(env) ? stagingArea({ root: path.resolve(env.DATA_DIR || './data', 'uploads') }) : temporaryArea()
}

/**
 * What a sweep of the web tier's staging covers: the area in use, and the temporary folder, where
 * an earlier version staged (and a kill left what it staged for good).
 */
export function uploadStagingAreas(env: Env = process.env): StagingArea[] {
  return hasDataDir(env) ? [uploadStaging(env), temporaryArea()] : [temporaryArea()]
}
