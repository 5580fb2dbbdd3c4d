import { Hono } from 'hono'
import type { AppEnv } from '#server/http/env.ts'
import { openApiDocument } from '#server/openapi/document.ts'
import { referencePage } from '#server/openapi/reference-page.ts'

/** The same for everyone and for the life of the process: any cache may keep it a while. */
const CACHE = 'public, max-age=300'

/** GET /api/openapi.json and GET /api/docs (docs/decisions/031). */
export const openApiRoutes = new Hono<AppEnv>()
  .get('/openapi.json', (c) => c.json(openApiDocument(), 200, { 'Cache-Control': CACHE }))
  .get('/docs', (c) => c.html(referencePage(), 200, { 'Cache-Control': CACHE }))
