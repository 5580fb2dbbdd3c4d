import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { scheduleLoginPrompt } from '#app/features/layout/login-prompt-timing.ts'

function memoryStorage() {
  const map = new Map<string, string>()
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) }
}

describe('the login prompt schedule', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('shows a guest the prompt after 15 s and hides it 15 s later', () => {
    const show = vi.fn()
    const hide = vi.fn()
    scheduleLoginPrompt({ isGuest: true, storage: memoryStorage(), show, hide })
    vi.advanceTimersByTime(14_999)
    expect(show).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(show).toHaveBeenCalledOnce()
    vi.advanceTimersByTime(14_999)
    expect(hide).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(hide).toHaveBeenCalledOnce()
  })

  it('never shows it to a signed-in visitor', () => {
    const show = vi.fn()
    scheduleLoginPrompt({ isGuest: false, storage: memoryStorage(), show, hide: vi.fn() })
    vi.advanceTimersByTime(60_000)
    expect(show).not.toHaveBeenCalled()
  })

  it('shows it at most once per browser session', () => {
    const storage = memoryStorage()
    const show = vi.fn()
    scheduleLoginPrompt({ isGuest: true, storage, show, hide: vi.fn() })
    vi.advanceTimersByTime(15_000)
    scheduleLoginPrompt({ isGuest: true, storage, show, hide: vi.fn() })
    vi.advanceTimersByTime(60_000)
    expect(show).toHaveBeenCalledOnce()
  })

  it('does nothing once cancelled (the visitor left or signed in)', () => {
    const show = vi.fn()
    const cancel = scheduleLoginPrompt({ isGuest: true, storage: memoryStorage(), show, hide: vi.fn() })
    vi.advanceTimersByTime(10_000)
    cancel()
    vi.advanceTimersByTime(60_000)
    expect(show).not.toHaveBeenCalled()
  })
})
