import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '#server/app.ts'
import { productionPages } from '#server/pages.ts'
import { createTestStore, databases, signedInAdmin, type TestStore } from '#tests/api/harness.ts'
import { formOf, pagesBuilt } from '#tests/api/pages.ts'
import { makeProduct } from '#tests/support/factories.ts'
import { fourPhotos } from '#tests/support/photos.ts'

// The console's product form as a browser without scripts posts it (the built app): the
// Urdu name and description (docs/decisions/023), and "Add a size", which posts the form
// and answers it as typed with one more size row, saving nothing.

const kurta = makeProduct({
  id: 'form-cotton-kurta',
  name: 'Men Cotton Kurta',
  nameUr: 'مردانہ سوتی کرتا',
  sizes: ['M', 'L'],
  sizeChart: [],
  stock: { M: 7, L: 2 },
})

describe.runIf(pagesBuilt).each(databases)('the console’s product form without scripts (%s)', (kind) => {
  let store: TestStore
  let app: ReturnType<typeof createApp>
  let adminCookie: string
  let dataDir: string
  let photos: Buffer[]

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kapra-product-form-'))
    store = await createTestStore(kind, { catalog: [kurta], env: { DATA_DIR: dataDir } })
    app = createApp({ services: store.services, pages: await productionPages() })
    adminCookie = (await signedInAdmin(store, '10.78.0.1')).client.cookie!
    photos = await fourPhotos()
  })
  afterAll(async () => {
    await store.close()
    await fs.rm(dataDir, { recursive: true, force: true })
  })

  const headers = () => ({ cookie: adminCookie, 'x-forwarded-for': '10.78.0.1' })
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
  /** The form's repeated fields set to these values, in order. */
  const setAll = (form: FormData, name: string, values: string[]) => {
    form.delete(name)
    for (const v of values) form.append(name, v)
  }
  const productCount = async () => (await store.services.admin.products({ q: '', page: 1 })).total

  it('offers three size rows, "Add a size" and the Urdu fields, right to left', async () => {
    const html = await open('/admin/products/new')
    const form = formOf(html)
    expect(form.getAll('size')).toEqual(['', '', ''])
    expect(form.getAll('chartSize')).toEqual(['', '', ''])
    expect(form.get('nameUr')).toBe('')
    expect(form.get('descriptionUr')).toBe('')
    for (const field of ['nameUr', 'descriptionUr']) {
      const tag = tagWith(html, `name="${field}"`)
      expect(tag, field).toContain('dir="rtl"')
      expect(tag, field).toContain('lang="ur"')
    }
    const addSize = tagWith(html, 'value="add-size"')
    expect(addSize).toMatch(/^<button type="submit"/)
    expect(addSize).toContain('name="intent"')
    // Asking for a row while required fields are empty: the browser must not stop it.
    expect(addSize).toContain('formNoValidate=""')
  })

  it('"Add a size" answers the form as typed with one more row and saves nothing; the product then saves with all five', async () => {
    const before = await productCount()
    const form = formOf(await open('/admin/products/new'))
    form.set('name', 'Men Linen Shirt')
    form.set('nameUr', 'مردانہ لینن شرٹ')
    form.set('description', 'A light linen shirt.\nMachine wash cold.')
    form.set('descriptionUr', 'ہلکی لینن شرٹ۔\nٹھنڈے پانی میں دھوئیں۔')
    form.set('price', '3990')
    form.set('category', 'Men')
    setAll(form, 'size', ['S', 'M', 'L'])
    setAll(form, 'stock', ['4', '5', '6'])
    setAll(form, 'chartSize', ['S', '', ''])
    setAll(form, 'chest', ['38', '', ''])
    form.set('intent', 'add-size')

    const res = await post('/admin/products/new', form)
    expect(res.status).toBe(200)
    const html = await res.text()
    const shown = formOf(html)
    expect(shown.getAll('size')).toEqual(['S', 'M', 'L', ''])
    expect(shown.getAll('stock')).toEqual(['4', '5', '6', ''])
    expect(shown.getAll('chartSize')).toEqual(['S', '', '', ''])
    expect(shown.getAll('chest')).toEqual(['38', '', '', ''])
    // (A form's line breaks travel as CR LF, as a browser sends them.)
    for (const name of ['name', 'nameUr', 'description', 'descriptionUr', 'price', 'category'])
      expect((shown.get(name) as string).replace(/\r\n/g, '\n'), name).toBe(form.get(name))
    // The new row is where the browser starts: focused, and so scrolled to.
    expect(tagWith(html, 'aria-label="Size 4"')).toContain('autofocus=""')
    expect(tagWith(html, 'aria-label="Size 3"')).not.toContain('autofocus')
    expect(html).not.toMatch(/role="alert"/)
    expect(await productCount()).toBe(before)

    // Twice more a row, then saved: S to XXL in one go.
    setAll(shown, 'size', ['S', 'M', 'L', 'XL'])
    setAll(shown, 'stock', ['4', '5', '6', '7'])
    shown.set('intent', 'add-size')
    const again = formOf(await (await post('/admin/products/new', shown)).text())
    expect(again.getAll('size')).toEqual(['S', 'M', 'L', 'XL', ''])
    setAll(again, 'size', ['S', 'M', 'L', 'XL', 'XXL'])
    setAll(again, 'stock', ['4', '5', '6', '7', '8'])
    photos.forEach((bytes, i) =>
      again.set(`photo${i + 1}`, new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `${i}.jpg`),
    )
    const saved = await post('/admin/products/new', again)
    expect(saved.status, await saved.clone().text()).toBe(302)
    const id = /^\/admin\/products\/([^?]+)\?saved$/.exec(saved.headers.get('location') ?? '')?.[1]
    const product = await store.services.admin.product(id!)
    expect(product.descriptionUr?.replace(/\r\n/g, '\n')).toBe('ہلکی لینن شرٹ۔\nٹھنڈے پانی میں دھوئیں۔')
    expect(product).toMatchObject({
      name: 'Men Linen Shirt',
      nameUr: 'مردانہ لینن شرٹ',
      sizeChart: [{ size: 'S', chest: '38', length: null, waist: null, sleeves: null }],
    })
    expect(product.sizes).toEqual(['S', 'M', 'L', 'XL', 'XXL'].map((size, i) => ({ size, stock: 4 + i })))
    expect(await productCount()).toBe(before + 1)
  })

  it('asks for the photos again when "Add a size" posted some (a page cannot hand files back)', async () => {
    const form = formOf(await open('/admin/products/new'))
    form.set('photo1', new Blob([new Uint8Array(photos[0]!)], { type: 'image/jpeg' }), 'front.jpg')
    form.set('intent', 'add-size')
    const html = await (await post('/admin/products/new', form)).text()
    expect(html).toContain('choose the photos again')
    const without = formOf(await open('/admin/products/new'))
    without.set('intent', 'add-size')
    expect(await (await post('/admin/products/new', without)).text()).not.toContain('choose the photos again')
  })

  it('shows a product’s Urdu name to edit; "Add a size" keeps what was opened and typed', async () => {
    const url = `/admin/products/${kurta.id}`
    const form = formOf(await open(url))
    expect(form.get('nameUr')).toBe(kurta.nameUr)
    expect(form.getAll('size')).toEqual(['M', 'L', '', '', ''])
    expect(form.getAll('openedStock')).toEqual(['7', '2'])
    form.set('nameUr', 'مردانہ سوتی کرتا شلوار')
    setAll(form, 'stock', ['9', '2', '', '', ''])
    form.set('intent', 'add-size')
    const res = await post(url, form)
    expect(res.status).toBe(200)
    const shown = formOf(await res.text())
    expect(shown.get('nameUr')).toBe('مردانہ سوتی کرتا شلوار')
    expect(shown.getAll('size')).toEqual(['M', 'L', '', '', '', ''])
    expect(shown.getAll('stock')).toEqual(['9', '2', '', '', '', ''])
    expect(shown.getAll('openedSize')).toEqual(['M', 'L'])
    expect(shown.getAll('openedStock')).toEqual(['7', '2'])
    // Nothing saved.
    expect(await store.services.admin.product(kurta.id)).toMatchObject({
      nameUr: kurta.nameUr,
      sizes: [
        { size: 'M', stock: 7 },
        { size: 'L', stock: 2 },
      ],
    })
  })

  it('refuses an Urdu name the API would refuse, showing the form as typed', async () => {
    const url = `/admin/products/${kurta.id}`
    const form = formOf(await open(url))
    form.set('nameUr', 'ک'.repeat(121))
    form.set('description', 'Typed, not saved.')
    const res = await post(url, form)
    expect(res.status).toBe(400)
    const html = await res.text()
    expect(html).toContain('nameUr must be at most 120 characters')
    const shown = formOf(html)
    expect(shown.get('nameUr')).toBe('ک'.repeat(121))
    expect(shown.get('description')).toBe('Typed, not saved.')
    expect((await store.services.admin.product(kurta.id)).nameUr).toBe(kurta.nameUr)
  })
})

/** The first tag of the page holding this attribute (React writes an input's name and value last). */
function tagWith(html: string, attribute: string): string {
  const at = html.indexOf(attribute)
  expect(at, attribute).toBeGreaterThan(-1)
  return html.slice(html.lastIndexOf('<', at), html.indexOf('>', at) + 1)
}
