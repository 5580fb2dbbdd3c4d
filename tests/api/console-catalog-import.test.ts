import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '#server/app.ts'
import { productionPages } from '#server/pages.ts'
import { createTestStore, databases, signedInAdmin, type TestStore } from '#tests/api/harness.ts'
import { pagesBuilt } from '#tests/api/pages.ts'
import { fourPhotos } from '#tests/support/photos.ts'
import { zipOf } from '#tests/support/zip.ts'

// The console's catalog import as a browser without scripts uses it (the built app): the
// upload form posts to its page, the preview's page refreshes itself while the file is
// checked, and the apply is a plain form (README, "Catalog import and export").

const HEADER = 'code,name,description,category,sub_category,price,stock M,photo1,photo2,photo3,photo4'
const ROW = 'plain-linen-shirt,Men Plain Linen Shirt,A linen shirt.,Men,TopWear,2990,3,1.jpg,2.jpg,3.jpg,4.jpg'

describe.runIf(pagesBuilt).each(databases)('the console’s catalog import without scripts (%s)', (kind) => {
  let store: TestStore
  let app: ReturnType<typeof createApp>
  let adminCookie: string
  let dataDir: string
  let zip: Buffer

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kapra-console-import-'))
    store = await createTestStore(kind, { env: { DATA_DIR: dataDir } })
    app = createApp({ services: store.services, pages: await productionPages() })
    adminCookie = (await signedInAdmin(store, '10.79.0.1')).client.cookie!
    const photos = await fourPhotos()
    zip = await zipOf(Object.fromEntries(photos.map((bytes, i) => [`${i + 1}.jpg`, bytes])))
  })
  afterAll(async () => {
    await store.close()
    await fs.rm(dataDir, { recursive: true, force: true })
  })

  const headers = () => ({ cookie: adminCookie, 'x-forwarded-for': '10.79.0.1' })
  const open = async (url: string) => {
    const res = await app.request(`http://store.test${url}`, { headers: headers() })
    expect(res.status).toBe(200)
    return res.text()
  }
  const post = (url: string, form: FormData) =>
    app.request(`http://store.test${url}`, {
      method: 'POST',
      headers: { ...headers(), origin: 'http://store.test' },
      body: form,
    })
  /** The job's page once it has stopped checking or applying; while it runs, the page refreshes itself. */
  async function settledPage(url: string): Promise<string> {
    for (let i = 0; i < 400; i++) {
      const html = await open(url)
      if (!html.includes('http-equiv="refresh"')) return html
      expect(html).toContain('This page refreshes by itself.')
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    throw new Error('the import did not finish')
  }

  it('uploads, previews and applies with plain forms', async () => {
    const page = await open('/admin/products/import')
    expect(page.toLowerCase()).toContain('enctype="multipart/form-data"')
    expect(page).toContain('href="/api/admin/catalog/export"')

    const form = new FormData()
    form.set('csv', new Blob([`${HEADER}\n${ROW}\n`], { type: 'text/csv' }), 'products.csv')
    form.set('photos', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), 'photos.zip')
    const uploaded = await post('/admin/products/import', form)
    expect(uploaded.status).toBe(302)
    const jobUrl = uploaded.headers.get('location')!
    expect(jobUrl).toMatch(/^\/admin\/products\/import\/[0-9a-f-]{36}$/)

    const preview = await settledPage(jobUrl)
    expect(preview).toContain('The file has no problems. Nothing is written until you apply it.')
    expect(preview).toContain('>Apply the import<')
    expect((await store.fetch('/api/product/plain-linen-shirt')).status).toBe(404)

    const applied = await post(jobUrl, new FormData())
    expect(applied.status).toBe(302)
    expect(applied.headers.get('location')).toBe(jobUrl)
    expect(await settledPage(jobUrl)).toContain('The import is applied')
    expect((await store.fetch('/api/product/plain-linen-shirt')).status).toBe(200)
  })

  it('shows an upload without its CSV as a refusal on the form', async () => {
    const res = await post('/admin/products/import', new FormData())
    expect(res.status).toBe(400)
    expect(await res.text()).toContain('Choose the CSV file of products')
  })
})
