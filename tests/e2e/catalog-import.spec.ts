import sharp from 'sharp'
import { expect, test } from '#tests/e2e/fixtures.ts'
import { expectNoSeriousViolations, expectNoSidewaysScroll, open } from '#tests/e2e/support.ts'
import { zipOf } from '#tests/support/zip.ts'

// The catalog's import in the console (README, "Catalog import and export"): a CSV and a zip
// of photos uploaded, a file with a bad row refused with its line, a good one previewed and
// applied, and the store showing the new product. At 1280 px and 390 px (the console
// projects, playwright.config.ts): it adds a product, so it runs after every other spec.

test.use({ loginPromptSeen: true })

const HEADER = 'code,name,description,category,sub_category,price,stock S,stock M,photo1,photo2,photo3,photo4'

test('the owner uploads a CSV and its photos, sees the preview with every problem, and applies it', async ({
  page,
  admin,
}) => {
  test.setTimeout(90_000)
  const code = `imported-linen-shirt-${test.info().project.name}-${Date.now()}`
  const name = `Men Imported Linen Shirt ${Date.now()}`
  const photos = await Promise.all(
    [1, 2, 3, 4].map((slot) =>
      sharp({ create: { width: 400, height: 500, channels: 3, background: { r: 60 + slot * 30, g: 90, b: 120 } } })
        .jpeg()
        .toBuffer(),
    ),
  )
  const zip = await zipOf(Object.fromEntries(photos.map((bytes, i) => [`shirt-${i + 1}.jpg`, bytes])))
  const row = (price: string) =>
    `${code},${name},"A light linen shirt, for warm days.",Men,TopWear,${price},5,2,shirt-1.jpg,shirt-2.jpg,shirt-3.jpg,shirt-4.jpg`

  await open(page, `/login?redirectTo=${encodeURIComponent('/admin/products')}`)
  await page.getByLabel('Email').fill(admin.email)
  await page.getByLabel('Password', { exact: true }).fill(admin.password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(page).toHaveURL('/admin/products')
  await page.getByRole('link', { name: 'Import or export' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Import products')
  await expectNoSeriousViolations(page)
  await expectNoSidewaysScroll(page)

  // A price that is not a number: the preview names the line, and nothing can be applied.
  const upload = async (csv: string) => {
    await page
      .getByLabel('Products (CSV)')
      .setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
    await page
      .getByLabel('Photos (zip, optional)')
      .setInputFiles({ name: 'photos.zip', mimeType: 'application/zip', buffer: zip })
    await page.getByRole('button', { name: 'Check the file' }).click()
  }
  await upload(`${HEADER}\n${row('about 3000')}\n`)
  await expect(page.getByRole('alert')).toHaveText('1 problem: nothing can be written until the file is fixed.', {
    timeout: 15_000,
  })
  await expect(page.getByRole('listitem').filter({ hasText: 'Line 2' })).toContainText(
    'price must be a whole number, not "about 3000"',
  )
  await expect(page.getByRole('button', { name: 'Apply the import' })).toHaveCount(0)
  await expectNoSidewaysScroll(page)

  // Fixed: the preview counts one new product and four photos, and writes nothing yet.
  await page.getByRole('link', { name: 'Upload a file again' }).click()
  await upload(`${HEADER}\n${row('"3,190"')}\n`)
  await expect(page.getByRole('status')).toHaveText(
    'The file has no problems. Nothing is written until you apply it.',
    {
      timeout: 15_000,
    },
  )
  await expect(page.locator('[data-count="new"]')).toHaveText('1')
  await expect(page.locator('[data-count="photos"]')).toHaveText('4')
  expect((await page.request.get(`/api/product/${code}`)).status()).toBe(404)
  await expectNoSeriousViolations(page)
  await expectNoSidewaysScroll(page)

  await page.getByRole('button', { name: 'Apply the import' }).click()
  await expect(page.getByRole('status')).toContainText('The import is applied', { timeout: 15_000 })

  await open(page, `/productdetail/${code}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
  await expect(page.getByText('Rs 3,190').first()).toBeVisible()
})
