import { expect, test } from '@playwright/test'
import { expectNoSeriousViolations, expectNoSidewaysScroll } from '#tests/e2e/support.ts'

test('home fits a phone: hero, two-column products, stacked newsletter', async ({ page }) => {
  await page.goto('/')
  const hero = page.getByRole('region', { name: 'Featured collections' })
  await expect(hero).toBeVisible()
  await expect(hero.getByRole('link', { name: 'Shop Women' })).toBeInViewport()
  await expect(hero.getByRole('button', { name: 'Pause slideshow' })).toBeInViewport()
  // The hero keeps its shape: 4:5 on a phone.
  const box = await hero.boundingBox()
  expect(box && Math.round((box.width / box.height) * 100)).toBe(80)

  const cards = page.getByRole('region', { name: 'Latest Collection' }).getByRole('listitem')
  await expect(cards).toHaveCount(8)
  const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()]
  expect(first?.y).toBe(second?.y)

  const input = page.getByLabel('Email address')
  const button = page.getByRole('button', { name: 'Subscribe' })
  await input.scrollIntoViewIfNeeded()
  const [inputBox, buttonBox] = [await input.boundingBox(), await button.boundingBox()]
  expect(buttonBox!.y).toBeGreaterThan(inputBox!.y)
  await expectNoSidewaysScroll(page, { scrollToEnd: true, networkIdle: true })
  await expectNoSeriousViolations(page)
})

for (const path of ['/about', '/contact']) {
  test(`${path} fits a phone`, async ({ page }) => {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expectNoSidewaysScroll(page, { scrollToEnd: true, networkIdle: true })
  })
}
