import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { photoQueue } from '#server/catalog/photo-queue.ts'
import { PhotoError, pendingPhotoDir, uploadedImageDir } from '#server/catalog/photos.ts'
import { fourPhotos } from '#tests/support/photos.ts'

// An import's photos, kept and encoded after the commit (docs/decisions/037).
describe('photoQueue', () => {
  let dataDir: string
  let photos: Buffer[]
  const webps = async () => (await fs.readdir(uploadedImageDir(dataDir))).filter((f) => f.endsWith('.webp')).toSorted()

  beforeEach(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kapra-photo-queue-'))
    photos = await fourPhotos()
  })
  afterEach(() => fs.rm(dataDir, { recursive: true, force: true }))

  it('keeps a checked photo unencoded, then encodes it once for every asker', async () => {
    const queue = photoQueue(dataDir)
    const key = await queue.add('oxford-shirt', 'p1', photos[0]!)
    expect(key).toMatch(/^oxford-shirt-p1-[a-z0-9]{10}$/)
    expect(await queue.pending()).toEqual([key])
    expect(await webps()).toEqual([])

    // Three viewers at once: one encoding, all answered.
    expect(await Promise.all([queue.encode(key), queue.encode(key), queue.encode(key)])).toEqual([true, true, true])
    expect(await webps()).toEqual([`${key}-400.webp`, `${key}-800.webp`])
    expect((await sharp(path.join(uploadedImageDir(dataDir), `${key}-800.webp`)).metadata()).format).toBe('webp')
    expect(await queue.pending()).toEqual([])
    expect(await queue.encode(key)).toBe(false)
  })

  it('refuses what processPhoto would, keeping nothing', async () => {
    const queue = photoQueue(dataDir)
    await expect(queue.add('oxford-shirt', 'p1', Buffer.from('not a photo'))).rejects.toBeInstanceOf(PhotoError)
    expect(await queue.pending()).toEqual([])
  })

  it('shares the folder between workers: each photo encoded by one, a fresh claim passed by, a stale one taken', async () => {
    const one = photoQueue(dataDir)
    const two = photoQueue(dataDir)
    const keys = await Promise.all(photos.map((p, i) => one.add('kids-hoodie', `p${i + 1}`, p)))
    const [a, b] = await Promise.all([one.drain(2), two.drain(2)])
    expect(a + b).toBe(4)
    expect(await webps()).toHaveLength(8)

    const [held, stale] = await Promise.all([one.add('denim', 'p1', photos[0]!), one.add('denim', 'p2', photos[1]!)])
    const dir = pendingPhotoDir(dataDir)
    await fs.writeFile(path.join(dir, `${held}.claim`), '')
    await fs.writeFile(path.join(dir, `${stale}.claim`), '')
    const old = new Date(Date.now() - 10 * 60_000)
    await fs.utimes(path.join(dir, `${stale}.claim`), old, old)
    expect(await two.drain(1)).toBe(1)
    expect(await two.pending()).toEqual([held])
    expect(keys).toHaveLength(4)
  })

  it('sets aside a photo that cannot be encoded, and tells the log', async () => {
    const errors: string[] = []
    const queue = photoQueue(dataDir, { maxPixels: 100 })
    // Checked under the default limits, encoded under a smaller one: refused at encoding.
    const key = await photoQueue(dataDir).add('oxford-shirt', 'p1', photos[0]!)
    queue.start({ error: (message) => errors.push(message) }, 60_000)
    await queue.kick()
    await queue.stop()
    expect(errors).toEqual(['a pending photo could not be encoded'])
    expect(await queue.pending()).toEqual([])
    expect(await fs.readdir(pendingPhotoDir(dataDir))).toEqual([`${key}.failed`])
    expect(await webps()).toEqual([])
  })

  it('names the key of a stored file, and no other', () => {
    const queue = photoQueue(dataDir)
    expect(queue.keyOf('oxford-shirt-p1-0123456789-800.webp')).toBe('oxford-shirt-p1-0123456789')
    expect(queue.keyOf('oxford-shirt-p1-0123456789-400.webp')).toBe('oxford-shirt-p1-0123456789')
    expect(queue.keyOf('oxford-shirt-p1-0123456789-640.webp')).toBeUndefined()
    expect(queue.keyOf('oxford-shirt.png')).toBeUndefined()
  })
})
