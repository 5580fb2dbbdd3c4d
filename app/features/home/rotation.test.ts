import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createRotation, HERO_INTERVAL_MS } from '#app/features/home/rotation.ts'

describe('createRotation', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('advances every 3 s and wraps after the fourth slot', () => {
    const seen: number[] = []
    const rotation = createRotation({ count: 4, onChange: (i) => seen.push(i) })
    vi.advanceTimersByTime(HERO_INTERVAL_MS - 1)
    expect(seen).toEqual([])
    vi.advanceTimersByTime(1)
    expect(seen).toEqual([1])
    vi.advanceTimersByTime(HERO_INTERVAL_MS * 3)
    expect(seen).toEqual([1, 2, 3, 0])
    rotation.dispose()
  })

  it('stands still while paused and restarts a full interval on resume', () => {
    const seen: number[] = []
    const rotation = createRotation({ count: 4, onChange: (i) => seen.push(i) })
    vi.advanceTimersByTime(2000)
    rotation.setPaused(true)
    vi.advanceTimersByTime(HERO_INTERVAL_MS * 5)
    expect(seen).toEqual([])
    rotation.setPaused(false)
    vi.advanceTimersByTime(HERO_INTERVAL_MS - 1)
    expect(seen).toEqual([])
    vi.advanceTimersByTime(1)
    expect(seen).toEqual([1])
    rotation.dispose()
  })

  it('can start paused (reduced motion) and never moves on its own', () => {
    const onChange = vi.fn()
    const rotation = createRotation({ count: 4, onChange, paused: true })
    vi.advanceTimersByTime(HERO_INTERVAL_MS * 10)
    expect(onChange).not.toHaveBeenCalled()
    rotation.dispose()
  })

  it('goTo shows the chosen slot and gives it a full interval', () => {
    const seen: number[] = []
    const rotation = createRotation({ count: 4, onChange: (i) => seen.push(i) })
    vi.advanceTimersByTime(2500)
    rotation.goTo(2)
    expect(seen).toEqual([2])
    vi.advanceTimersByTime(HERO_INTERVAL_MS - 1)
    expect(seen).toEqual([2])
    vi.advanceTimersByTime(1)
    expect(seen).toEqual([2, 3])
    rotation.goTo(-1)
    expect(seen.at(-1)).toBe(3)
    rotation.goTo(4)
    expect(seen.at(-1)).toBe(0)
    rotation.dispose()
  })

  it('while paused, goTo changes the slot without restarting the clock', () => {
    const seen: number[] = []
    const rotation = createRotation({ count: 4, onChange: (i) => seen.push(i), paused: true })
    rotation.goTo(3)
    vi.advanceTimersByTime(HERO_INTERVAL_MS * 4)
    expect(seen).toEqual([3])
    rotation.dispose()
  })

  it('stops for good once disposed', () => {
    const onChange = vi.fn()
    const rotation = createRotation({ count: 4, onChange })
    rotation.dispose()
    vi.advanceTimersByTime(HERO_INTERVAL_MS * 4)
    expect(onChange).not.toHaveBeenCalled()
    expect(vi.getTimerCount()).toBe(0)
  })
})
