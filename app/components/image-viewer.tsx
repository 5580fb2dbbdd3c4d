import { useEffect, useRef, useState } from 'react'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { X } from '#app/components/icons.tsx'

export const VIEWER_CLOSE_MS = 500

/**
 * The full-screen image viewer (spec: product card zoom). A native modal dialog:
 * focus moves in and back, Escape closes it. Closing animates for 500 ms unless the
 * visitor prefers reduced motion (docs/spec/rulings.md #23).
 */
export function ImageViewer({ src, alt, onClose }: { src: string; alt: string; onClose: () => void }) {
  const { t } = useTranslation('catalog')
  const ref = useRef<HTMLDialogElement>(null)
  const [closing, setClosing] = useState(false)

  useEffect(() => {
    const dialog = ref.current
    // The control that opened the viewer gets focus back when it goes: the dialog leaves
    // the page while still open, so the browser's own return of focus never happens.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (dialog && !dialog.open) dialog.showModal()
    return () => {
      if (dialog?.open) dialog.close()
      opener?.focus()
    }
  }, [])

  const close = () => {
    if (closing) return
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    if (reduced) {
      onClose()
      return
    }
    setClosing(true)
    setTimeout(onClose, VIEWER_CLOSE_MS)
  }

  return (
    <dialog
      ref={ref}
      aria-label={alt}
      onCancel={(e) => {
        e.preventDefault()
        close()
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) close()
      }}
      className={`m-0 h-dvh max-h-none w-screen max-w-none bg-black/90 p-0 backdrop:bg-black/60 ${
        closing ? 'animate-[viewer-out_500ms_ease-in_forwards]' : 'animate-[viewer-in_200ms_ease-out]'
      }`}
    >
      <div className="flex h-full w-full items-center justify-center p-4 sm:p-10">
        <img
          src={src}
          alt={alt}
          className="max-h-full max-w-full rounded-lg object-contain shadow-2xl"
          width={800}
          height={1000}
        />
      </div>
      <button
        type="button"
        onClick={close}
        autoFocus
        aria-label={t('viewer.close')}
        className="absolute top-4 end-4 grid size-12 place-items-center rounded-full bg-white text-ink shadow-lg hover:bg-sand"
      >
        <X aria-hidden className="size-6" />
      </button>
    </dialog>
  )
}
