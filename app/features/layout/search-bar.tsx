import { useEffect, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { Search } from 'lucide-react'

/**
 * The collapsible search field (spec: 80 px, 0.3 s). Its text lives in the
 * collection's URL (?q=), so a search can be shared and survives a reload.
 */
export function SearchBar({ open, onClose }: { open: boolean; onClose: () => void }) {
  const location = useLocation()
  const navigate = useNavigate()
  const onCollection = location.pathname === '/collection'
  const urlQuery = onCollection ? (new URLSearchParams(location.search).get('q') ?? '') : ''
  const [text, setText] = useState(urlQuery)
  const input = useRef<HTMLInputElement>(null)
  const wasOpen = useRef(open)

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
    if (!open && wasOpen.current && onCollection && urlQuery) {
      const params = new URLSearchParams(location.search)
      params.delete('q')
      void navigate({ pathname: '/collection', search: params.toString() }, { replace: true, preventScrollReset: true })
    }
    wasOpen.current = open
  }, [open, onCollection, urlQuery, location.search, navigate])

  const apply = (value: string) => {
    setText(value)
    const params = new URLSearchParams(onCollection ? location.search : '')
    if (value.trim()) params.set('q', value)
    else params.delete('q')
    void navigate(
      { pathname: '/collection', search: params.toString() },
      { replace: onCollection, preventScrollReset: true },
    )
  }

  return (
    <div
      id="site-search"
      className={`overflow-hidden border-line bg-sand transition-[height] duration-300 ease-out ${open ? 'h-[80px] border-t' : 'h-0'}`}
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
          <span className="sr-only">Search products</span>
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-muted"
          />
          <input
            ref={input}
            type="search"
            name="q"
            id="site-search-input"
            value={text}
            onChange={(e) => apply(e.target.value)}
            onFocus={() => setTyping(true)}
            onBlur={() => setTyping(false)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') onClose()
            }}
            placeholder="Search Here"
            className="h-12 w-full rounded-full border border-line bg-white pr-4 pl-12 text-base focus:border-ink focus:ring-2 focus:ring-ink/15 focus:outline-none [&::-webkit-search-cancel-button]:appearance-none"
          />
        </label>
      </form>
    </div>
  )
}
