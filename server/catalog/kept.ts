import { isDatabaseUnavailable } from '#server/db/unavailable.ts'

// What the catalog service keeps (docs/decisions/009, 013): bounded, and never the
// products themselves.

/** Answers about the catalog (counts), each kept for `maxAgeMs`, the `maxViews` most recent of them. */
export function keptAnswers(options: { maxAgeMs: number; maxViews: number; now: () => number }) {
  const { maxAgeMs, maxViews, now } = options
  const views = new Map<string, { at: number; value: Promise<unknown> }>()
  return {
    kept<T>(key: string, compute: () => Promise<T>): Promise<T> {
      const hit = views.get(key)
      if (hit && now() - hit.at <= maxAgeMs) {
        views.delete(key)
        views.set(key, hit)
        return hit.value as Promise<T>
      }
      const value = compute()
      views.set(key, { at: now(), value })
      value.catch(() => views.delete(key))
      while (views.size > maxViews) views.delete(views.keys().next().value!)
      return value
    },
    clear(): void {
      views.clear()
    },
  }
}

/**
 * The storefront's last answers, kept only to serve while the database is out of
 * reach (docs/decisions/013): every answer is read afresh while it answers. Bounded
 * (the most recent `maxKnown` questions), and kept across invalidations: during an
 * outage the last answer known beats an error page.
 */
export function lastKnownAnswers(maxKnown: number) {
  const known = new Map<string, unknown>()
  return async function lastKnown<T>(key: string, read: () => Promise<T>): Promise<T> {
    try {
      const value = await read()
      known.delete(key)
      known.set(key, value)
      if (known.size > maxKnown) known.delete(known.keys().next().value!)
      return value
    } catch (err) {
      if (isDatabaseUnavailable(err) && known.has(key)) return known.get(key) as T
      throw err
    }
  }
}

/**
 * One answer about the whole catalog (the counts' grids), read once and then kept for at most
 * `maxAgeMs`. Asked for past half that age, it is read again in the background while the kept
 * one answers, so under steady traffic no request waits for it; only the first after a start,
 * a change (`clear`) or a quiet spell longer than `maxAgeMs` does. A reading begun before a
 * change is not kept.
 */
export function refreshedAnswer<T>(read: () => Promise<T>, options: { maxAgeMs: number; now: () => number }) {
  const { maxAgeMs, now } = options
  let kept: { at: number; value: Promise<T> } | undefined
  let refreshing = false
  let generation = 0
  const readNow = () => {
    const entry = { at: now(), value: read() }
    kept = entry
    entry.value.catch(() => {
      if (kept === entry) kept = undefined
    })
    return entry.value
  }
  return {
    get(): Promise<T> {
      if (!kept || now() - kept.at > maxAgeMs) return readNow()
      if (now() - kept.at > maxAgeMs / 2 && !refreshing) {
        refreshing = true
        const started = generation
        const at = now()
        const value = read()
        value
          .then(
            () => {
              if (started === generation) kept = { at, value }
            },
            () => {},
          )
          .finally(() => (refreshing = false))
      }
      return kept.value
    },
    clear(): void {
      generation++
      kept = undefined
    },
  }
}
