import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { createRotation, HERO_INTERVAL_MS, type Rotation } from '#app/features/home/rotation.ts'

/**
 * The slideshow clock as React state. `seen` holds every slot shown so far, so their
 * media can stay mounted (a slot's video keeps its place when it comes round again).
 */
export function useRotation(count: number, paused: boolean, intervalMs = HERO_INTERVAL_MS) {
  const [index, setIndex] = useState(0)
  const [seen, setSeen] = useState<ReadonlySet<number>>(() => new Set([0]))
  const rotation = useRef<Rotation | null>(null)

  useEffect(() => {
    const r = createRotation({
      count,
      intervalMs,
      paused: true,
      onChange: (i) => {
        setIndex(i)
        setSeen((s) => (s.has(i) ? s : new Set(s).add(i)))
      },
    })
    rotation.current = r
    return () => {
      r.dispose()
      rotation.current = null
    }
  }, [count, intervalMs])

  // Declared after the clock's effect, so it runs after it on mount and on every change.
  useEffect(() => {
    rotation.current?.setPaused(paused)
  }, [paused, count, intervalMs])

  const goTo = useCallback((i: number) => rotation.current?.goTo(i), [])
  return { index, seen, goTo }
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)'

function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}

/** docs/spec/rulings.md #23. The server cannot know: it answers false and hydration corrects it. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  )
}

const noop = () => () => {}

/** False during the server render and hydration, true once the browser has taken over. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  )
}

/**
 * True once the page has loaded (the load event: every resource of the first paint is
 * in): heavy extras such as the hero's videos wait for it, so they never compete with
 * the largest image on a slow phone.
 */
export function usePageLoaded(): boolean {
  const [loaded, setLoaded] = useState(false)
  useEffect(() => {
    const done = () => setLoaded(true)
    if (document.readyState === 'complete') done()
    else window.addEventListener('load', done, { once: true })
    return () => window.removeEventListener('load', done)
  }, [])
  return loaded
}
