// A store process warms up as it starts: it asks itself, over its own port, for the pages
// most shoppers open first (home, the collection, a few products, in both languages), one
// at a time, after it is listening (docs/decisions/044). Until Node has compiled the code
// that draws pages, a page takes up to ten times as long to draw (a product page: 66 ms
// the first time, 6–8 ms once warm); without this, the first shoppers after every start
// (a deploy, a restart in the middle of a sale) paid for it.

/** Where the process answers its own requests: its port on the loopback when it listens on every address. */
export function selfOrigin(host: string | undefined, port: number): string {
  const any = host === undefined || host === '' || host === '0.0.0.0' || host === '::'
  const name = any ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host
  return `http://${name}:${port}`
}

/** The pages asked, for `productIds`: home, the collection, then each product, each in English and Urdu. */
export function warmUpPaths(productIds: readonly string[]): string[] {
  const pages = ['/', '/collection', ...productIds.map((id) => `/productdetail/${encodeURIComponent(id)}`)]
  return pages.flatMap((page) => [page, page === '/' ? '/ur' : `/ur${page}`])
}

export interface WarmUpOptions {
  origin: string
  /** How many products' pages (the first of the collection's API); 0 asks for nothing. */
  products: number
  log: (msg: string, fields: Record<string, unknown>) => void
  fetch?: typeof fetch
}

/**
 * Asks for the products' list and each page in turn, reading each answer whole; answers
 * how many were 200. Never throws: a store that cannot warm up (stopping, the database
 * away) still serves.
 */
export async function warmUp({ origin, products, log, fetch: get = fetch }: WarmUpOptions): Promise<number> {
  if (products <= 0) return 0
  const started = performance.now()
  let ok = 0
  try {
    const ask = async (path: string) => {
      const res = await get(origin + path, { headers: { 'x-request-id': 'warm-up' } })
      const body = await res.text()
      if (res.ok) ok++
      return body
    }
    const list = JSON.parse(await ask(`/api/products?limit=${products}`)) as { items?: { _id: string }[] }
    const ids = (list.items ?? []).map((p) => p._id)
    for (const path of warmUpPaths(ids)) await ask(path)
    log('warmed up', { answers: ok, ms: Math.round(performance.now() - started) })
  } catch (err) {
    log('warm-up stopped', { answers: ok, err: err instanceof Error ? err.message : String(err) })
  }
  return ok
}
