/** docs/spec/store-spec.md §9: the hero changes every 3 s across 4 slots. */
export const HERO_INTERVAL_MS = 3000

export interface Rotation {
  /** Shows slot `index` now and gives it a full interval before moving on. */
  goTo(index: number): void
  /** Stops or resumes the automatic advance; resuming restarts the interval. */
  setPaused(paused: boolean): void
  dispose(): void
}

/**
 * A slideshow clock without React: advances `onChange(index)` every `intervalMs`
 * while not paused, wrapping after the last slot.
 */
export function createRotation(options: {
  count: number
  onChange: (index: number) => void
  intervalMs?: number
  paused?: boolean
  start?: number
}): Rotation {
  const { count, onChange, intervalMs = HERO_INTERVAL_MS } = options
  let index = wrap(options.start ?? 0, count)
  let paused = options.paused ?? false
  let timer: ReturnType<typeof setTimeout> | undefined

  function schedule() {
    if (timer) clearTimeout(timer)
    timer = undefined
    if (paused || count < 2) return
    timer = setTimeout(() => {
      index = wrap(index + 1, count)
      onChange(index)
      schedule()
    }, intervalMs)
  }

  schedule()
  return {
    goTo(next) {
      index = wrap(next, count)
      onChange(index)
      schedule()
    },
    setPaused(value) {
      if (value === paused) return
      paused = value
      schedule()
    },
    dispose() {
      paused = true
      schedule()
    },
  }
}

function wrap(index: number, count: number): number {
  return count > 0 ? ((index % count) + count) % count : 0
}
