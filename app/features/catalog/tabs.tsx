import { useId, useRef, useState } from 'react'
import { direction } from '#contracts/languages.ts'
import { useLang } from '#app/lib/i18n/language.ts'

interface Tab {
  label: string
  content: React.ReactNode
}

/**
 * The WAI-ARIA tabs pattern: one tab in the Tab order, arrow keys (and Home/End)
 * move between tabs and show their panel. The arrows follow the line: in Urdu, right to
 * left, ArrowLeft is the next tab (docs/decisions/022).
 */
export function Tabs({ label, tabs, initial = 0 }: { label: string; tabs: Tab[]; initial?: number }) {
  const [active, setActive] = useState(initial)
  const forward = direction(useLang()) === 'rtl' ? 'ArrowLeft' : 'ArrowRight'
  const back = forward === 'ArrowLeft' ? 'ArrowRight' : 'ArrowLeft'
  const id = useId()
  const refs = useRef<(HTMLButtonElement | null)[]>([])

  const focus = (index: number) => {
    const next = (index + tabs.length) % tabs.length
    setActive(next)
    refs.current[next]?.focus()
  }

  return (
    <div>
      <div role="tablist" aria-label={label} className="flex gap-1 border-b border-line">
        {tabs.map((tab, i) => (
          <button
            key={tab.label}
            ref={(el) => {
              refs.current[i] = el
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${i}`}
            aria-selected={i === active}
            aria-controls={`${id}-panel-${i}`}
            tabIndex={i === active ? 0 : -1}
            onClick={() => setActive(i)}
            onKeyDown={(e) => {
              const moves: Record<string, number> = {
                [forward]: i + 1,
                [back]: i - 1,
                Home: 0,
                End: tabs.length - 1,
              }
              const to = moves[e.key]
              if (to === undefined) return
              e.preventDefault()
              focus(to)
            }}
            className={`-mb-px min-h-11 border-b-2 px-4 text-sm font-semibold tracking-wide transition-colors sm:px-6 ${
              i === active ? 'border-ink text-ink' : 'border-transparent text-muted hover:text-ink'
            }`}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, i) => (
        <div
          key={tab.label}
          role="tabpanel"
          id={`${id}-panel-${i}`}
          aria-labelledby={`${id}-tab-${i}`}
          tabIndex={0}
          hidden={i !== active}
          className="py-6 focus-visible:outline-offset-4"
        >
          {tab.content}
        </div>
      ))}
    </div>
  )
}
