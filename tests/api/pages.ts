import fs from 'node:fs'
import path from 'node:path'
import { createApp } from '#server/app.ts'
import { buildDir, clientDir, productionPages } from '#server/pages.ts'
import type { TestStore } from '#tests/api/harness.ts'

/** The built storefront is there (`npm run build`; the test gate builds it before the API suite). */
export const pagesBuilt = fs.existsSync(path.join(buildDir, 'server/index.js'))

/** The store as it serves: API, static files and every page rendered by the built storefront. */
export async function appWithPages(store: TestStore) {
  return createApp({ services: store.services, clientDir, pages: await productionPages() })
}
