import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import busboy from 'busboy'
import type { User } from '#contracts/auth.ts'
import { importFormSchema, type ImportJob } from '#contracts/catalog-io.ts'
import { AppError, parseWith } from '#server/http/errors.ts'
import { errorFields, type Logger } from '#server/http/logger.ts'
import type { AdminContext } from '#server/admin/context.ts'
import { catalogCsv } from '#server/admin/catalog-export.ts'
import { checkImport, type ImportPlan, type Progress } from '#server/admin/catalog-import-check.ts'
import { applyImport, type ImportResult } from '#server/admin/catalog-import-apply.ts'
import { noPhotos, zipPhotos, ZipUnreadable, type PhotoSource } from '#server/admin/photo-source.ts'

// The catalog's import and export for the console and the CLI (docs/decisions/033). The
// console's import is a job: its upload is written to DATA_DIR/imports as it arrives, then
// checked in the background (the preview), then applied when the owner says so; its page
// and the API read where it stands. Jobs live in the process that received them.

const MiB = 1024 * 1024
/** The largest CSV an upload may carry. */
export const MAX_IMPORT_CSV_BYTES = 64 * MiB
/** The largest zip of photos: 40,000 photos of up to 8 MB each would be more; a few hundred KB each is usual. */
export const MAX_IMPORT_ZIP_BYTES = 16 * 1024 * MiB
/** A checked import not applied within this long is forgotten, its upload removed. */
const KEEP_MS = 60 * 60_000

interface Job {
  view: ImportJob
  dir: string
  csv: string
  zip: string | undefined
  plan?: ImportPlan
}

export function createCatalogIo(ctx: AdminContext, logger?: Logger) {
  const jobs = new Map<string, Job>()
  const root = path.join(ctx.config.dataDir, 'imports')
  // Imports are applied one after another in this process: a second waits for the first.
  let applyChain: Promise<unknown> = Promise.resolve()
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const result = applyChain.then(work)
    applyChain = result.catch(() => {})
    return result
  }

  /** Checks the file and, unless `dryRun`, applies it when it has no problems. */
  async function importFile(input: {
    csv: Readable
    photos: PhotoSource
    archiveMissing: boolean
    dryRun: boolean
    admin: User
    progress?: Progress
    onChecked?: (plan: ImportPlan) => void
  }): Promise<{ plan: ImportPlan; result: ImportResult | null }> {
    const plan = await checkImport(ctx.catalog, input.csv, input.photos, input, input.progress)
    input.onChecked?.(plan)
    if (input.dryRun || plan.problems.length) return { plan, result: null }
    return {
      plan,
      result: await oneAtATime(() => applyImport(ctx, plan, input.photos, input.admin, input.progress)),
    }
  }

  async function photosOf(job: Job): Promise<PhotoSource> {
    return job.zip ? zipPhotos(job.zip, ctx.catalog.photos.maxBytes, 'the zip of photos') : noPhotos
  }

  /** Runs a job's check, then (`apply`) its apply, keeping its view up to date; never throws. */
  async function run(job: Job, admin: User, apply: boolean): Promise<void> {
    const { view } = job
    const progress: Progress = (step, done, total) => Object.assign(view, { step, done, total })
    let photos: PhotoSource = noPhotos
    try {
      photos = await photosOf(job)
      if (!job.plan || apply === false) {
        const { plan } = await importFile({
          csv: fs.createReadStream(job.csv),
          photos,
          archiveMissing: view.archiveMissing,
          dryRun: true,
          admin,
          progress,
        })
        job.plan = plan
        Object.assign(view, { counts: plan.counts, problems: plan.problems })
        view.phase = plan.problems.length ? 'refused' : 'checked'
        if (view.phase === 'refused' || !apply) return
      }
      view.phase = 'applying'
      const plan = job.plan
      const result = await oneAtATime(() => applyImport(ctx, plan, photos, admin, progress))
      view.counts = {
        ...view.counts!,
        new: result.new,
        changed: result.changed,
        unchanged: result.unchanged,
        archived: result.archived,
      }
      view.phase = 'done'
    } catch (err) {
      view.phase = 'failed'
      const told = err instanceof AppError || err instanceof ZipUnreadable
      view.message = told ? err.message : 'Something went wrong on our side: nothing was written. Please try again.'
      // A fault of the store's own, in its log with the import it stopped (the owner is told only that it failed).
      if (!told) logger?.error('catalog import failed', { importId: view.id, ...errorFields(err) })
    } finally {
      await photos.close()
      if (view.phase !== 'checked') {
        view.finishedAt = ctx.now()
        job.plan = undefined
        await fs.promises.rm(job.dir, { recursive: true, force: true })
      }
    }
  }

  function sweep(): void {
    for (const [id, job] of jobs) {
      const since = job.view.finishedAt ?? job.view.startedAt
      if (ctx.now() - since > KEEP_MS && job.view.phase !== 'checking' && job.view.phase !== 'applying') {
        jobs.delete(id)
        void fs.promises.rm(job.dir, { recursive: true, force: true })
      }
    }
  }

  function jobOf(id: string): Job {
    const job = id.length <= 100 ? jobs.get(id) : undefined
    if (!job) throw new AppError(404, 'Import not found: it may have been finished over an hour ago')
    return job
  }

  return {
    /** The catalog as CSV, header first, a batch of rows at a time (server/admin/catalog-export.ts). */
    catalogCsv: () => catalogCsv(ctx.catalog),

    importFile,

    /**
     * The console's upload (multipart/form-data: `csv`, optional `photos` zip, `dryRun`,
     * `archiveMissing`), written to disk as it arrives; answers the job, being checked.
     * `dryRun` may be fixed by the caller (the console's page always previews first).
     */
    async startImport(
      body: ReadableStream<Uint8Array> | null,
      contentType: string,
      admin: User,
      fixed: { dryRun?: boolean } = {},
    ): Promise<ImportJob> {
      sweep()
      const id = randomUUID()
      const dir = path.join(root, id)
      await fs.promises.mkdir(dir, { recursive: true })
      let received: Awaited<ReturnType<typeof receive>>
      try {
        received = await receive(body, contentType, dir)
      } catch (err) {
        await fs.promises.rm(dir, { recursive: true, force: true })
        throw err
      }
      const form = parseWith(importFormSchema, received.fields)
      const view: ImportJob = {
        id,
        phase: 'checking',
        step: 'file',
        done: 0,
        total: 0,
        dryRun: fixed.dryRun ?? form.dryRun,
        archiveMissing: form.archiveMissing,
        counts: null,
        problems: [],
        message: null,
        startedAt: ctx.now(),
        finishedAt: null,
      }
      const job: Job = { view, dir, csv: received.csv, zip: received.zip }
      jobs.set(id, job)
      void run(job, admin, !view.dryRun)
      return { ...view }
    },

    /** Where an import stands. */
    importJob: (id: string): ImportJob => structuredClone(jobOf(id).view),

    /** Applies a checked import (its preview had no problems); answers it, being applied. */
    applyImportJob(id: string, admin: User): ImportJob {
      const job = jobOf(id)
      if (job.view.phase !== 'checked')
        throw new AppError(
          409,
          job.view.phase === 'refused'
            ? 'The file has problems: fix them and upload it again'
            : `This import is ${job.view.phase}, not ready to apply`,
        )
      job.view.phase = 'applying'
      job.view.dryRun = false
      void run(job, admin, true)
      return structuredClone(job.view)
    },
  }
}

/** The upload's files written to `dir` as they arrive, and its fields; 400 and 413 for what cannot be taken. */
async function receive(body: ReadableStream<Uint8Array> | null, contentType: string, dir: string) {
  if (!body || !/^multipart\/form-data\b/i.test(contentType))
    throw new AppError(415, 'Send the CSV and the zip of photos as multipart/form-data')
  const fields: Record<string, string> = {}
  const files: { csv?: string; zip?: string } = {}
  const writes: Promise<void>[] = []
  let parser: busboy.Busboy
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      limits: { files: 2, fields: 10, fieldSize: 1000, fileSize: MAX_IMPORT_ZIP_BYTES },
    })
  } catch {
    throw new AppError(400, 'The request body is not a valid multipart form')
  }
  let refusal: AppError | undefined
  parser.on('field', (name, value) => {
    fields[name] = value
  })
  parser.on('file', (name, stream, info) => {
    if ((name !== 'csv' && name !== 'photos') || info.filename === '') {
      stream.resume()
      return
    }
    const file = path.join(dir, name === 'csv' ? 'products.csv' : 'photos.zip')
    const limit = name === 'csv' ? MAX_IMPORT_CSV_BYTES : MAX_IMPORT_ZIP_BYTES
    let bytes = 0
    stream.on('data', (chunk: Buffer) => {
      bytes += chunk.length
      if (bytes > limit && !refusal) {
        refusal = new AppError(
          413,
          name === 'csv' ? 'The CSV is larger than 64 MB' : 'The zip of photos is larger than 16 GB',
        )
        stream.destroy(refusal)
      }
    })
    stream.on('limit', () => {
      refusal ??= new AppError(413, 'The zip of photos is larger than 16 GB')
    })
    writes.push(
      pipeline(stream, fs.createWriteStream(file)).then(() => {
        if (bytes > 0) files[name === 'csv' ? 'csv' : 'zip'] = file
      }),
    )
  })
  try {
    await pipeline(Readable.fromWeb(body as Parameters<typeof Readable.fromWeb>[0]), parser)
    await Promise.all(writes)
  } catch (err) {
    if (refusal) throw refusal
    if (err instanceof AppError) throw err
    throw new AppError(400, 'The upload did not arrive whole: try again')
  }
  if (refusal) throw refusal
  if (!files.csv) throw new AppError(400, 'Choose the CSV file of products', { fields: { csv: 'Choose a CSV file' } })
  return { fields, csv: files.csv, zip: files.zip }
}
