import { expect, test } from '@playwright/test'
import { holdScripts, slowLine } from '#tests/e2e/preboot.ts'
import { expectNoSidewaysScroll, isHydrated } from '#tests/e2e/support.ts'

// A phone on a slow line taps FILTERS before the app has booted (docs/decisions/006):
// the tap is kept and the panel opens once the app starts.

test('a FILTERS tap before the boot opens the panel once the app starts', async ({ page }) => {
  await slowLine(page)
  const scripts = await holdScripts(page)
  await page.goto('/collection', { waitUntil: 'domcontentloaded' })
  const toggle = page.getByRole('button', { name: 'Filters' })
  await toggle.tap()
  expect(await page.evaluate(isHydrated)).toBe(false)
  await expect(page.getByRole('checkbox', { name: 'Men', exact: true })).toBeHidden()

  scripts.release()
  await page.waitForFunction(isHydrated, undefined, { timeout: 20_000 })
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await expect(page.getByRole('checkbox', { name: 'Men', exact: true })).toBeVisible()
  await expect(page.getByRole('group', { name: 'Size' })).toBeVisible()
  await expect(page.getByRole('group', { name: 'Price (Rs)' })).toBeVisible()
  await expectNoSidewaysScroll(page)
  await page.screenshot({ path: test.info().outputPath('filters-open-390.png'), fullPage: true })
})
