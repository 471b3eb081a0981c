import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  MaxPartSizeExceededError,
  NodeOnDiskFile,
  unstable_composeUploadHandlers as composeUploadHandlers,
  unstable_createFileUploadHandler as createFileUploadHandler,
  unstable_createMemoryUploadHandler as createMemoryUploadHandler,
  unstable_parseMultipartFormData as parseMultipartFormData,
} from '@remix-run/node'
import { webEnv } from './env.server'

const directory = path.join(tmpdir(), 'exit-planning-uploads')

export type StagedUpload = { formData: FormData; files: NodeOnDiskFile[]; cleanup: () => Promise<void> } | { tooLarge: string }

/**
 * Reads an upload form, writing its files to a temporary folder as they arrive (never holding a
 * whole file in memory) and refusing any file over MAX_UPLOAD_MB. Call `cleanup` once the files
 * have been passed on to the backend.
 */
export async function stageUpload(request: Request): Promise<StagedUpload> {
  const maxMb = webEnv().MAX_UPLOAD_MB
  const files: NodeOnDiskFile[] = []
  const fileHandler = createFileUploadHandler({ directory, maxPartSize: maxMb * 1024 * 1024, avoidFileConflicts: true })
  const handler = composeUploadHandlers(async (part) => {
    if (!part.filename) return undefined
    const file = await fileHandler(part)
    if (file instanceof NodeOnDiskFile) {
      // On disk under a random name; the user's file name is what the backend must see.
      file.name = part.filename
      files.push(file)
    }
    return file
  }, createMemoryUploadHandler({ maxPartSize: 64 * 1024 }))
  const cleanup = async () => {
    await Promise.all(files.map((file) => rm(file.getFilePath(), { force: true })))
  }
  try {
    return { formData: await parseMultipartFormData(request, handler), files, cleanup }
  } catch (error) {
    await cleanup()
    if (error instanceof MaxPartSizeExceededError) return { tooLarge: `Each file must be at most ${maxMb} MB.` }
    throw error
  }
}
