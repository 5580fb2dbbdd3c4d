export const LOGIN_PROMPT_DELAY_MS = 15_000
export const LOGIN_PROMPT_VISIBLE_MS = 15_000
const SHOWN_KEY = 'kapra.loginPromptShown'

/**
 * docs/spec/rulings.md #22: at most once per browser session, 15 s after the first page load,
 * only for guests; it hides itself after 15 s. Returns a cancel function.
 */
export function scheduleLoginPrompt(options: {
  isGuest: boolean
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined
  show: () => void
  hide: () => void
  delayMs?: number
  visibleMs?: number
}): () => void {
  const { isGuest, storage, show, hide, delayMs = LOGIN_PROMPT_DELAY_MS, visibleMs = LOGIN_PROMPT_VISIBLE_MS } = options
  if (!isGuest || storage?.getItem(SHOWN_KEY)) return () => {}
  let hideTimer: ReturnType<typeof setTimeout> | undefined
  const showTimer = setTimeout(() => {
    try {
      storage?.setItem(SHOWN_KEY, '1')
    } catch {
      // Storage refused: the prompt still shows, it may just show again next visit.
    }
    show()
    hideTimer = setTimeout(hide, visibleMs)
  }, delayMs)
  return () => {
    clearTimeout(showTimer)
    if (hideTimer) clearTimeout(hideTimer)
  }
}
