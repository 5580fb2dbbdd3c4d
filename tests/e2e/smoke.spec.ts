import { expect, test } from '@playwright/test'

test('the home page renders with the navigation', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Collection' })).toBeVisible()
})
