import { useEffect, useState } from 'react'

export interface Suggestion {
  _id: string
  name: string
  /** The Urdu name, shown on Urdu pages where the owner wrote one (docs/decisions/023). */
  nameUr?: string | null
}

const none: Suggestion[] = []

/**
 * Up to 6 product names for what the shopper has typed (GET /api/product/suggest),
 * asked 120 ms after the last keystroke; an answer that arrives after a newer
 * question is dropped. Fewer than 2 letters ask nothing.
 */
export function useSuggestions(text: string): Suggestion[] {
  const [answer, setAnswer] = useState<{ q: string; items: Suggestion[] }>({ q: '', items: none })
  const q = text.trim()

  useEffect(() => {
    if (q.length < 2) return
    const controller = new AbortController()
    const timer = setTimeout(() => {
      fetch(`/api/product/suggest?q=${encodeURIComponent(q)}`, { signal: controller.signal })
        .then((res) => (res.ok ? (res.json() as Promise<Suggestion[] | { items: Suggestion[] }>) : null))
        .then((data) => {
          if (!data) return
          setAnswer({ q, items: Array.isArray(data) ? data : data.items })
        })
        // Offline or superseded: the field keeps working without suggestions.
        .catch(() => undefined)
    }, 120)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [q])

  return q.length >= 2 && answer.q === q ? answer.items : none
}
