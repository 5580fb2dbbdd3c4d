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

/** DECISIONS 23. The server cannot know: it answers false and hydration corrects it. */
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
 * True once the page has loaded and a moment has passed: heavy extras (the hero's
 * videos, the next poster) wait for it, so they never compete with the first paint.
 */
export function usePageSettled(delayMs = 1000): boolean {
  const [settled, setSettled] = useState(false)
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const go = () => {
      timer = setTimeout(() => setSettled(true), delayMs)
    }
    if (document.readyState === 'complete') go()
    else window.addEventListener('load', go, { once: true })
    return () => {
      window.removeEventListener('load', go)
      if (timer) clearTimeout(timer)
    }
  }, [delayMs])
  return settled
}
