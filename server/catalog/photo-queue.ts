import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import {
  checkWholePhoto,
  newPhotoKey,
  photoFileName,
  pendingPhotoDir,
  placePhoto,
  processPhoto,
  writeWhole,
  type PhotoOptions,
} from '#server/catalog/photos.ts'
import { imageWidths } from '#server/catalog/images.ts'

/**
 * Photos an import has checked and keyed but not yet encoded (docs/decisions/037). The
 * import takes each photo's bytes into `DATA_DIR/products/pending/<key>` (never served) once
 * the whole file has been decoded once at a small size, and commits; the photos are
 * encoded afterwards, a few at a time, by whichever process gets there first:
 * - a request for one of the photo's files encodes it there and then (`encode`), so a
 *   product is pictured from the moment the import commits;
 * - every running instance works through the folder in the background (`start`), and so
 *   does `npm run catalog -- import` before it exits (`drain`).
 * The folder is shared storage as the photos are (several instances: one DATA_DIR), and a
 * claim file keeps two workers off the same photo; a request never waits for a claim.
 */

/** A claim older than this is a worker that died: the photo is taken up again. */
const STALE_CLAIM_MS = 2 * 60_000
const SOURCE = /^([a-z0-9][a-z0-9-]*)\.src$/

export interface PhotoQueueLog {
  error(message: string, fields?: Record<string, unknown>): void
}

export function photoQueue(dataDir: string, options: PhotoOptions = {}) {
  const dir = pendingPhotoDir(dataDir)
  const source = (key: string) => path.join(dir, `${key}.src`)
  const claim = (key: string) => path.join(dir, `${key}.claim`)
  const encoding = new Map<string, Promise<boolean>>()
  let timer: NodeJS.Timeout | undefined
  let working: Promise<void> | undefined
  let log: PhotoQueueLog | undefined
  let stopped = false

  const round = (): Promise<void> =>
    (working ??= drain(1)
      .then(() => undefined)
      .catch((err: unknown) => log?.error('encoding pending photos failed', { error: (err as Error).message }))
      .finally(() => (working = undefined)))

  /** Encodes one pending photo and takes its source away; false when there is none (done, or never queued). */
  async function encodeNow(key: string): Promise<boolean> {
    let input: Buffer
    try {
      input = await fs.readFile(source(key))
    } catch {
      return false
    }
    try {
      await placePhoto(dataDir, key, await processPhoto(input, options))
    } catch (err) {
      // Checked whole before the import committed, so this is rare (a timeout, a full disk):
      // the source stays beside a note of why, for the owner to see, and is not tried again.
      await fs.rename(source(key), path.join(dir, `${key}.failed`)).catch(() => {})
      log?.error('a pending photo could not be encoded', { key, error: (err as Error).message })
      return false
    }
    await fs.rm(source(key), { force: true })
    return true
  }

  function encode(key: string): Promise<boolean> {
    let running = encoding.get(key)
    if (!running) {
      running = encodeNow(key).finally(() => encoding.delete(key))
      encoding.set(key, running)
    }
    return running
  }

  /** Takes the claim on a photo for this worker; false when another worker holds a fresh one. */
  async function takeClaim(key: string): Promise<boolean> {
    try {
      await (await fs.open(claim(key), 'wx')).close()
      return true
    } catch {
      const stat = await fs.stat(claim(key)).catch(() => undefined)
      if (stat && Date.now() - stat.mtimeMs < STALE_CLAIM_MS) return false
      await fs.rm(claim(key), { force: true })
      return takeClaim(key)
    }
  }

  async function pending(): Promise<string[]> {
    const names = await fs.readdir(dir).catch(() => [] as string[])
    return names.flatMap((name) => {
      const m = SOURCE.exec(name)
      return m ? [m[1]!] : []
    })
  }

  /**
   * Encodes every photo pending now, `concurrency` at a time, skipping those another worker
   * holds; `progress` hears of each one done. Answers how many this worker encoded.
   */
  async function drain(
    concurrency: number,
    progress: (done: number, total: number) => void = () => {},
  ): Promise<number> {
    const keys = await pending()
    let next = 0
    let done = 0
    let encoded = 0
    const worker = async () => {
      while (next < keys.length && !stopped) {
        const key = keys[next++]!
        if (await takeClaim(key)) {
          try {
            if (await encode(key)) encoded++
          } finally {
            await fs.rm(claim(key), { force: true })
          }
        }
        progress(++done, keys.length)
      }
    }
    await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker))
    return encoded
  }

  return {
    /**
     * Checks a photo whole (throws PhotoError when refused, as processPhoto would) and keeps
     * it to be encoded; answers its key. The photo's files appear once it is encoded.
     */
    async add(productId: string, tag: string, input: Uint8Array): Promise<string> {
      await checkWholePhoto(input, options)
      const key = newPhotoKey(productId, tag)
      await fs.mkdir(dir, { recursive: true })
      const temp = path.join(dir, `.${key}.${randomUUID()}.tmp`)
      // On the disk before the import's transaction names it.
      await writeWhole(temp, input)
      await fs.rename(temp, source(key))
      return key
    },

    /** A pending photo encoded now, for a request of one of its files; false when none is pending. */
    encode,

    drain,

    pending,

    /** Takes pending photos away unencoded (an import that failed). */
    async remove(keys: Iterable<string>): Promise<void> {
      await Promise.all([...keys].map((key) => fs.rm(source(key), { force: true })))
    },

    /** The key of a stored photo's file name (`<key>-800.webp`), if it has that form. */
    keyOf(name: string): string | undefined {
      const m = /^(.+)-(\d{2,4})\.webp$/.exec(name)
      return m && imageWidths.some((w) => photoFileName(m[1]!, w) === name) ? m[1] : undefined
    },

    /** Works through the folder now and every `everyMs` after, one photo at a time, on this instance. */
    start(logTo: PhotoQueueLog, everyMs = 10_000): void {
      log = logTo
      stopped = false
      void round()
      timer = setInterval(() => void round(), everyMs)
      timer.unref()
    },

    /** Starts a round now (after an import on this instance) rather than at the next tick; resolves when it ends. */
    kick(): Promise<void> {
      return timer ? round() : Promise.resolve()
    },

    /** Stops after the photos being encoded now. */
    async stop(): Promise<void> {
      stopped = true
      clearInterval(timer)
      timer = undefined
      await working
    },
  }
}

export type PhotoQueue = ReturnType<typeof photoQueue>
