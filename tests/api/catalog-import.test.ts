import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importJobSchema, type ImportJob } from '#contracts/catalog-io.ts'
import type { Product } from '#contracts/catalog.ts'
import sharp from 'sharp'
import { uploadedImageDir } from '#server/catalog/photos.ts'
import { folderPhotos } from '#server/admin/photo-source.ts'
import { createTestStore, databases, signedInAdmin, signedInClient, type TestStore } from '#tests/api/harness.ts'
import { fourPhotos } from '#tests/support/photos.ts'
import { zipOf } from '#tests/support/zip.ts'
import { demoCatalog } from '#demo/catalog.ts'

// The catalog's import and export (README, "Catalog import and export"; docs/decisions/033):
// a round trip changes nothing, a bad row refuses the whole file with its line, a dry run
// writes nothing, --archive-missing, photos from a zip, and the console's guard.

const NOT_SIGNED_IN = { message: 'Please log in to continue' }
const NOT_ADMIN = { message: "This is for the store's admins only" }
const BOM = '\uFEFF'

describe.each(databases)('catalog import and export (%s)', (kind) => {
  let store: TestStore
  let dataDir: string
  let admin: string
  let customer: string
  let photos: Buffer[]

  const headers = (cookie: string | undefined) => ({ 'x-forwarded-for': '10.91.0.1', ...(cookie ? { cookie } : {}) })
  const get = (url: string, cookie: string | null = admin) =>
    store.fetch(url, { headers: headers(cookie ?? undefined) })
  const exportCsv = async () => {
    const res = await get('/api/admin/catalog/export')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/)
    // The bytes as they are (Response.text() would drop the byte order mark).
    return Buffer.from(await res.arrayBuffer()).toString('utf8')
  }

  function upload(csv: string, options: { zip?: Buffer; dryRun?: boolean; archiveMissing?: boolean } = {}) {
    const body = new FormData()
    body.set('csv', new Blob([csv], { type: 'text/csv' }), 'products.csv')
    if (options.zip)
      body.set('photos', new Blob([new Uint8Array(options.zip)], { type: 'application/zip' }), 'photos.zip')
    if (options.dryRun) body.set('dryRun', 'true')
    if (options.archiveMissing) body.set('archiveMissing', 'true')
    return body
  }
  const post = (url: string, body?: FormData, cookie: string | null = admin) =>
    store.fetch(url, { method: 'POST', headers: headers(cookie ?? undefined), ...(body ? { body } : {}) })

  /** Uploads, then waits for the job to stop checking or applying. */
  async function importing(csv: string, options: Parameters<typeof upload>[1] = {}): Promise<ImportJob> {
    const res = await post('/api/admin/catalog/import', upload(csv, options))
    const text = await res.text()
    expect(res.status, text).toBe(201)
    return settled((JSON.parse(text) as { job: ImportJob }).job.id)
  }
  async function settled(id: string): Promise<ImportJob> {
    for (let i = 0; i < 400; i++) {
      // Every answer is the job as the API's description has it (server/openapi).
      const job = importJobSchema.parse(await (await get(`/api/admin/catalog/imports/${id}`)).json())
      if (job.phase !== 'checking' && job.phase !== 'applying') return job
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    throw new Error('the import did not finish')
  }

  const rowsOf = (csv: string) => parse<Record<string, string>>(csv, { bom: true, columns: true })
  const csvOf = (header: string[], rows: Record<string, string>[]) =>
    [header, ...rows.map((r) => header.map((h) => r[h] ?? ''))]
      .map((cells) => cells.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(','))
      .join('\n') + '\n'
  const headerOf = (csv: string) => parse(csv, { bom: true, to_line: 1 })[0]!
  const product = async (id: string) => (await (await get(`/api/product/${id}`)).json()) as Product
  const pendingPhotos = () => store.services.catalog.photos.pending!.pending()
  /** What /metrics says of them, read from loopback as Prometheus would. */
  const photosPendingMetric = async () => {
    const text = await (await store.client('127.0.0.1').get('/metrics')).text()
    return Number(/^kapra_photos_pending (\d+)$/m.exec(text)?.[1])
  }
  const uploadedFiles = async () => {
    try {
      return (await fs.readdir(uploadedImageDir(dataDir))).filter((f) => f.endsWith('.webp') && !f.startsWith('.'))
    } catch {
      return []
    }
  }

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kapra-catalog-import-'))
    store = await createTestStore(kind, { env: { DATA_DIR: dataDir } })
    admin = (await signedInAdmin(store, '10.91.0.2')).client.cookie!
    customer = (await signedInClient(store, '10.91.0.3')).client.cookie!
    photos = await fourPhotos()
  })

  afterAll(async () => {
    await store.close()
    await fs.rm(dataDir, { recursive: true, force: true })
  })

  it('keeps guests (401) and customers (403) out of the export and the import', async () => {
    for (const [cookie, status, body] of [
      [null, 401, NOT_SIGNED_IN],
      [customer, 403, NOT_ADMIN],
    ] as const) {
      const asked = [
        await get('/api/admin/catalog/export', cookie),
        await post('/api/admin/catalog/import', upload('code\n'), cookie),
        await get('/api/admin/catalog/imports/anything', cookie),
        await post('/api/admin/catalog/imports/anything/apply', undefined, cookie),
      ]
      for (const res of asked) {
        expect(res.status).toBe(status)
        expect(await res.json()).toEqual(body)
      }
    }
  })

  it('exports every product, archived ones too, and imports the file back changing nothing', async () => {
    await store.services.admin.setArchived('kids-hoodie', true, (await signedInAdmin(store, '10.91.0.4')).user)
    const first = await exportCsv()
    expect(first.startsWith(BOM)).toBe(true)
    const rows = rowsOf(first)
    expect(rows.map((r) => r.code)).toEqual(['oxford-shirt', 'denim-jeans', 'kids-hoodie'])
    expect(rows[2]!.archived).toBe('yes')
    expect(rows[0]!['stock S']).not.toBe('')
    expect(rows[0]!['stock 4-5Y']).toBe('')

    let changes = 0
    store.services.catalog.onChange(() => changes++)
    const job = await importing(first)
    expect(job).toMatchObject({ phase: 'done', problems: [] })
    expect(job.counts).toMatchObject({ rows: 3, new: 0, changed: 0, unchanged: 3, archived: 0, photos: 0 })
    expect(changes).toBe(1)
    expect(await exportCsv()).toBe(first)
  })

  it('reports every bad row with its line and reason, and writes nothing', async () => {
    const before = await exportCsv()
    const header = headerOf(before)
    const [oxford, denim] = rowsOf(before)
    const csv = csvOf(header, [
      { ...oxford!, price: 'cheap' },
      { ...denim!, category: 'Pets' },
      { ...oxford!, name: 'Twice' },
      { ...denim!, code: 'New Product!', photo1: 'a.jpg' },
      { ...denim!, code: 'new-without-photos', photo1: '', photo2: 'missing.jpg', photo3: '', photo4: '' },
      { ...denim!, code: 'denim-jeans-2', 'stock S': '-1', price: '1,200' },
    ])
    const job = await importing(csv)
    expect(job.phase).toBe('refused')
    expect(job.problems.map((p) => [p.line, p.message])).toEqual([
      [2, 'price must be a whole number, not "cheap"'],
      [3, 'category must be one of: Men, Women, Kids'],
      [4, 'code oxford-shirt is on line 2 already'],
      [5, expect.stringContaining('code "New Product!" is not a product of the store')],
      [6, 'photo2: no photos has no file "missing.jpg"'],
      [6, 'A new product needs all four photos: photo1, photo3, photo4 are empty'],
      [7, 'stock S must be a whole number, not "-1"'],
    ])
    expect(await exportCsv()).toBe(before)
    const apply = await post(`/api/admin/catalog/imports/${job.id}/apply`)
    expect(apply.status).toBe(409)
    expect(await exportCsv()).toBe(before)
  })

  it('refuses a file without its required columns, naming them', async () => {
    const job = await importing('code,name,stock S\nx,y,1\n')
    expect(job.phase).toBe('refused')
    expect(job.problems).toEqual([
      { line: 1, code: null, message: 'The file has no column description, category, sub_category, price' },
    ])
  })

  it('previews a dry run without writing, then applies it: new products with photos from the zip, changes, stock', async () => {
    const before = await exportCsv()
    const header = headerOf(before)
    const [oxford] = rowsOf(before)
    const zip = await zipOf({
      'photos/kurta-front.jpg': photos[0]!,
      'photos/kurta-back.jpg': photos[1]!,
      'photos/kurta-detail.jpg': photos[2]!,
      'photos/kurta-folded.jpg': photos[3]!,
    })
    const csv = csvOf(header, [
      { ...oxford!, price: '2799', 'stock S': '40', name_ur: 'آکسفورڈ شرٹ' },
      {
        code: 'women-linen-kurta',
        name: 'Women Linen Kurta',
        name_ur: 'زنانہ لینن کرتا',
        description: 'A light linen kurta, "cool" on warm days,\nwith side slits.',
        category: 'women',
        sub_category: 'topwear',
        price: '3,299',
        best_seller: 'no',
        archived: 'no',
        'stock S': '4',
        'stock M': '0',
        size_chart: 'S: chest 36, length 40; M: chest 38',
        photo1: 'kurta-front.jpg',
        photo2: 'kurta-back.jpg',
        photo3: 'kurta-detail.jpg',
        photo4: 'kurta-folded.jpg',
      },
    ])
    const filesBefore = await uploadedFiles()
    const preview = await importing(csv, { zip, dryRun: true })
    expect(preview).toMatchObject({ phase: 'checked', dryRun: true, problems: [] })
    expect(preview.counts).toMatchObject({ rows: 2, new: 1, changed: 1, unchanged: 0, photos: 4 })
    expect(await exportCsv()).toBe(before)
    expect(await uploadedFiles()).toEqual(filesBefore)
    expect((await get('/api/product/women-linen-kurta')).status).toBe(404)

    let changes = 0
    store.services.catalog.onChange(() => changes++)
    const applied = await post(`/api/admin/catalog/imports/${preview.id}/apply`)
    expect(applied.status).toBe(200)
    const done = await settled(preview.id)
    expect(done).toMatchObject({ phase: 'done', message: null })
    expect(changes).toBe(1)

    const kurta = await product('women-linen-kurta')
    expect(kurta).toMatchObject({
      name: 'Women Linen Kurta',
      nameUr: 'زنانہ لینن کرتا',
      description: 'A light linen kurta, "cool" on warm days,\nwith side slits.',
      category: 'Women',
      subCategory: 'TopWear',
      price: 3299,
      sizes: ['S', 'M'],
      stock: { S: 4, M: 0 },
      sizeChart: [
        { size: 'S', chest: '36', length: '40', waist: null, sleeves: null },
        { size: 'M', chest: '38', length: null, waist: null, sleeves: null },
      ],
    })
    // The photos are pictured from the commit on, each encoded for its first viewer, and
    // encoded by the store's worker after it (docs/decisions/037).
    expect(await pendingPhotos()).toHaveLength(4)
    expect(await photosPendingMetric()).toBe(4)
    const image = await get(kurta.image1)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/webp')
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).width).toBe(60)
    expect((await uploadedFiles()).length).toBe(filesBefore.length + 2)
    expect(await pendingPhotos()).toHaveLength(3)
    expect(await product('oxford-shirt')).toMatchObject({ price: 2799, nameUr: 'آکسفورڈ شرٹ', stock: { S: 40 } })
    const audit = (await store.services.admin.product('oxford-shirt')).audit.at(-1)!
    expect(audit).toMatchObject({ action: 'import', before: { price: 2499 }, after: { price: 2799, line: 2 } })

    // What was imported exports as it was written, and imports again changing nothing.
    const after = await exportCsv()
    expect(rowsOf(after).find((r) => r.code === 'women-linen-kurta')).toMatchObject({
      price: '3299',
      'stock S': '4',
      'stock M': '0',
      size_chart: 'S: chest 36, length 40; M: chest 38',
    })
    expect((await importing(after)).counts).toMatchObject({ unchanged: 4, changed: 0, new: 0 })

    expect(await store.services.catalog.photos.pending!.drain(2)).toBe(3)
    expect(await pendingPhotos()).toEqual([])
    expect(await photosPendingMetric()).toBe(0)
    expect((await uploadedFiles()).length).toBe(filesBefore.length + 8)
    for (const url of [kurta.image2, kurta.image3, kurta.image4]) expect((await get(url)).status).toBe(200)
  })

  it('refuses a cut-off photo when applying, with its line, and keeps nothing of the import', async () => {
    const before = await exportCsv()
    const header = headerOf(before)
    const oxford = rowsOf(before).find((r) => r.code === 'oxford-shirt')!
    // The header is whole, so the preview's check passes; the pixels end early.
    const noisy = await sharp({
      create: {
        width: 400,
        height: 500,
        channels: 3,
        background: '#888',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg()
      .toBuffer()
    const cut = noisy.subarray(0, Math.floor(noisy.length * 0.6))
    const zip = await zipOf({ 'cut.jpg': cut, 'whole.jpg': photos[1]! })
    const job = await importing(csvOf(header, [{ ...oxford, price: '9999', photo1: 'whole.jpg', photo2: 'cut.jpg' }]), {
      zip,
      dryRun: true,
    })
    expect(job).toMatchObject({ phase: 'checked', problems: [] })
    await post(`/api/admin/catalog/imports/${job.id}/apply`)
    expect(await settled(job.id)).toMatchObject({
      phase: 'failed',
      message: 'Line 2 (oxford-shirt), photo2 (cut.jpg): The photo could not be read. It may be damaged or incomplete.',
    })
    expect(await exportCsv()).toBe(before)
    expect(await pendingPhotos()).toEqual([])
  })

  it('refuses a photo that is not one, with its line, storing no file', async () => {
    const before = await exportCsv()
    const header = headerOf(before)
    const [oxford] = rowsOf(before)
    const zip = await zipOf({ 'front.jpg': Buffer.from('not a photo at all') })
    const job = await importing(csvOf(header, [{ ...oxford!, photo1: 'front.jpg' }]), { zip })
    expect(job.phase).toBe('refused')
    expect(job.problems).toEqual([
      { line: 2, code: 'oxford-shirt', message: 'photo1 (front.jpg): This file is not a JPEG, PNG or WebP photo' },
    ])
    expect(await exportCsv()).toBe(before)
  })

  it('refuses photos that are not a zip, writing nothing', async () => {
    const before = await exportCsv()
    const job = await importing(before, { zip: Buffer.from('PK but not really a zip') })
    expect(job).toMatchObject({ phase: 'failed', message: 'The zip of photos is not a zip file that can be read' })
    expect(await exportCsv()).toBe(before)
  })

  it('leaves products missing from the file alone, or archives them with archiveMissing', async () => {
    const before = await exportCsv()
    const header = headerOf(before)
    const oxford = rowsOf(before).find((r) => r.code === 'oxford-shirt')!
    const csv = csvOf(header, [oxford])
    const kept = await importing(csv)
    expect(kept.counts).toMatchObject({ unchanged: 1, archived: 0 })
    expect((await get('/api/product/denim-jeans')).status).toBe(200)

    const archiving = await importing(csv, { archiveMissing: true })
    expect(archiving).toMatchObject({ phase: 'done', archiveMissing: true })
    // denim-jeans and women-linen-kurta were on sale; kids-hoodie was archived already.
    expect(archiving.counts).toMatchObject({ unchanged: 1, archived: 2 })
    expect((await get('/api/product/denim-jeans')).status).toBe(404)
    expect((await get('/api/product/oxford-shirt')).status).toBe(200)

    // Putting a product back is a row that says archived: no.
    const denim = rowsOf(await exportCsv()).find((r) => r.code === 'denim-jeans')!
    expect(denim.archived).toBe('yes')
    const back = await importing(csvOf(header, [{ ...denim, archived: 'no' }]))
    expect(back.counts).toMatchObject({ changed: 1 })
    expect((await get('/api/product/denim-jeans')).status).toBe(200)
  })

  it('imports from a folder of photos, as npm run catalog -- import --photos DIR does', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kapra-catalog-photos-'))
    try {
      await fs.writeFile(path.join(dir, 'oxford-new-front.png'), photos[0]!)
      const before = await exportCsv()
      const header = headerOf(before)
      const oxford = rowsOf(before).find((r) => r.code === 'oxford-shirt')!
      const { user } = await signedInAdmin(store, '10.91.0.5')
      const { plan, result } = await store.services.admin.importFile({
        csv: Readable.from([csvOf(header, [{ ...oxford, photo1: 'oxford-new-front.png' }])]),
        photos: folderPhotos(dir, store.services.catalog.photos.maxBytes),
        archiveMissing: false,
        dryRun: false,
        admin: user,
      })
      expect(plan.problems).toEqual([])
      expect(result).toMatchObject({ changed: 1 })
      expect((await product('oxford-shirt')).image1).toMatch(
        /^\/images\/products\/oxford-shirt-p1-[a-z0-9]+-800\.webp$/,
      )
    } finally {
      await fs.rm(dir, { recursive: true, force: true })
    }
  })

  it("checks the README's example file against the demo catalog without a problem", async () => {
    const demo = await createTestStore(kind, { catalog: demoCatalog, env: { DATA_DIR: dataDir } })
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kapra-catalog-example-'))
    try {
      await fs.mkdir(path.join(dir, 'kurta'))
      for (const [i, view] of ['front', 'back', 'detail', 'folded'].entries())
        await fs.writeFile(path.join(dir, 'kurta', `${view}.jpg`), photos[i]!)
      const { plan, result } = await demo.services.admin.importFile({
        csv: (await fs.open(path.resolve('docs/catalog-import-example.csv'))).createReadStream(),
        photos: folderPhotos(dir, demo.services.catalog.photos.maxBytes),
        archiveMissing: false,
        dryRun: true,
        admin: (await signedInAdmin(demo, '10.91.0.6')).user,
      })
      expect(plan.problems).toEqual([])
      expect(plan.counts).toMatchObject({ rows: 2, new: 1, photos: 4 })
      expect(result).toBeNull()
    } finally {
      await demo.close()
      await fs.rm(dir, { recursive: true, force: true })
    }
  })
})
