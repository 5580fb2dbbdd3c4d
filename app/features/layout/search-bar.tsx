import { useEffect, useId, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { withoutLang } from '#contracts/languages.ts'
import { useNavigate } from '#app/lib/i18n/links.tsx'
import { useLang } from '#app/lib/i18n/language.ts'
import { Search } from '#app/components/icons.tsx'
import { useSuggestions } from '#app/features/layout/use-suggestions.ts'

/**
 * The collapsible search field (spec: 80 px, 0.3 s). Its text lives in the
 * collection's URL (?q=), so a search can be shared and survives a reload. As the
 * shopper types it suggests up to 6 product names (an ARIA 1.2 combobox: arrows move
 * through them, Enter opens one, Escape closes the list, then the field).
 */
export function SearchBar({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('catalog')
  const lang = useLang()
  const location = useLocation()
  const navigate = useNavigate()
  const onCollection = withoutLang(location.pathname) === '/collection'
  const urlQuery = onCollection ? (new URLSearchParams(location.search).get('q') ?? '') : ''
  const [text, setText] = useState(urlQuery)
  const input = useRef<HTMLInputElement>(null)
  const wasOpen = useRef(open)
  const leaving = useRef(false)
  const listId = useId()
  const suggestions = useSuggestions(open ? text : '')
  const [active, setActive] = useState(-1)
  const [listDismissed, setListDismissed] = useState(false)
  const [shownSuggestions, setShownSuggestions] = useState(suggestions)
  if (shownSuggestions !== suggestions) {
    // A new answer: nothing is highlighted, and the list may show again.
    setShownSuggestions(suggestions)
    setActive(-1)
    setListDismissed(false)
  }
  const listOpen = open && !listDismissed && suggestions.length > 0
  const optionId = (i: number) => `${listId}-${i}`

  // The URL wins when it changes (back/forward, a shared link, a cleared filter), but not
  // while the shopper is typing: then it trails their keystrokes, and an older answer
  // arriving late would eat the letters typed since.
  const [typing, setTyping] = useState(false)
  const [shownQuery, setShownQuery] = useState(urlQuery)
  if (shownQuery !== urlQuery) {
    setShownQuery(urlQuery)
    if (!typing) setText(urlQuery)
  }

  useEffect(() => {
    if (open && !wasOpen.current) input.current?.focus()
    // Closing the field ends the search (spec: the text filters while it is shown).
    // Leaving for a suggested product is not ending the search: that navigation wins.
    if (!open && wasOpen.current && onCollection && urlQuery && !leaving.current) {
      const params = new URLSearchParams(location.search)
      params.delete('q')
      void navigate({ pathname: '/collection', search: params.toString() }, { replace: true, preventScrollReset: true })
    }
    if (open) leaving.current = false
    wasOpen.current = open
  }, [open, onCollection, urlQuery, location.search, navigate])

  const apply = (value: string) => {
    setText(value)
    const params = new URLSearchParams(onCollection ? location.search : '')
    // A new search starts at its first page.
    params.delete('page')
    if (value.trim()) params.set('q', value)
    else params.delete('q')
    void navigate(
      { pathname: '/collection', search: params.toString() },
      { replace: onCollection, preventScrollReset: true },
    )
  }

  const openProduct = (id: string) => {
    leaving.current = true
    setListDismissed(true)
    onClose()
    void navigate(`/productdetail/${id}`)
  }

  return (
    <div
      id="site-search"
      className={`border-line bg-sand transition-[height] duration-300 ease-out ${open ? 'h-[80px] border-t' : 'h-0 overflow-hidden'}`}
      inert={!open}
    >
      <form
        role="search"
        className="container-page flex h-[80px] items-center"
        onSubmit={(e) => {
          e.preventDefault()
          apply(text)
        }}
      >
        <label className="relative w-full max-w-2xl md:mx-auto">
          <span className="sr-only">{t('search.label')}</span>
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 start-4 size-5 -translate-y-1/2 text-muted"
          />
          <input
            ref={input}
            type="search"
            name="q"
            id="site-search-input"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={listOpen}
            aria-controls={listId}
            aria-activedescendant={listOpen && active >= 0 ? optionId(active) : undefined}
            autoComplete="off"
            value={text}
            onChange={(e) => apply(e.target.value)}
            onFocus={() => setTyping(true)}
            onBlur={() => setTyping(false)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
                if (suggestions.length === 0) return
                e.preventDefault()
                setListDismissed(false)
                const step = e.key === 'ArrowDown' ? 1 : -1
                // -1 is the field itself: the arrows cycle through it and every suggestion.
                setActive((i) => {
                  const next = i + step
                  if (next >= suggestions.length) return -1
                  return next < -1 ? suggestions.length - 1 : next
                })
              } else if (e.key === 'Enter' && listOpen && active >= 0) {
                e.preventDefault()
                const chosen = suggestions[active]
                if (chosen) openProduct(chosen._id)
              } else if (e.key === 'Escape') {
                if (listOpen) {
                  e.preventDefault()
                  setListDismissed(true)
                  setActive(-1)
                } else onClose()
              }
            }}
            placeholder={t('search.placeholder')}
            className="h-12 w-full rounded-full border border-line bg-white pe-4 ps-12 text-base focus:border-ink focus:ring-2 focus:ring-ink/15 focus:outline-none [&::-webkit-search-cancel-button]:appearance-none"
          />
          <ul
            id={listId}
            role="listbox"
            aria-label={t('search.suggestions')}
            hidden={!listOpen}
            className="absolute top-full end-0 start-0 z-40 mt-2 overflow-hidden rounded-2xl border border-line bg-white py-1 shadow-lg"
          >
            {suggestions.map((s, i) => (
              <li
                key={s._id}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                // Keeps focus in the field, so the click is not a blur first.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => openProduct(s._id)}
                className={`flex min-h-11 cursor-pointer items-center px-4 text-sm text-ink ${
                  i === active ? 'bg-sand' : 'hover:bg-paper'
                }`}
              >
                <bdi>{lang === 'ur' ? s.nameUr || s.name : s.name}</bdi>
              </li>
            ))}
          </ul>
          {/* Screen readers hear how many names are offered and how to reach them. */}
          <span aria-live="polite" className="sr-only">
            {listOpen ? t('search.offered', { count: suggestions.length }) : ''}
          </span>
        </label>
      </form>
    </div>
  )
}
