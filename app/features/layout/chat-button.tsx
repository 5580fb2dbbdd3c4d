import { useTranslation } from '#app/lib/i18n/use-translation.ts'

/** A WhatsApp chat with the store, its first message written for the shopper (in the page's language). */
export function whatsappHref(whatsapp: string, text: string): string {
  return `https://wa.me/${whatsapp}?text=${encodeURIComponent(text)}`
}

/**
 * The floating WhatsApp link (docs/spec/store-spec.md §1); the number comes from configuration.
 * It sits at the end of the line: bottom right in English, bottom left in Urdu.
 */
export function ChatButton({ whatsapp }: { whatsapp: string }) {
  const { t } = useTranslation()
  const href = whatsappHref(whatsapp, t('chat.text'))
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('chat.label')}
      className="fixed end-4 bottom-[106px] z-30 grid size-14 place-items-center rounded-full bg-[#1f8a4c] text-white shadow-lg transition-transform hover:scale-105 md:end-6 md:bottom-6"
    >
      <svg aria-hidden viewBox="0 0 32 32" className="size-7" fill="currentColor">
        <path d="M16.04 3C8.86 3 3.04 8.8 3.04 15.96c0 2.3.6 4.53 1.76 6.5L3 29l6.72-1.76a13 13 0 0 0 6.32 1.62h.01c7.17 0 13-5.8 13-12.95C29.04 8.8 23.2 3 16.04 3Zm0 23.67h-.01a10.8 10.8 0 0 1-5.5-1.5l-.4-.23-3.98 1.04 1.06-3.88-.26-.4a10.7 10.7 0 0 1-1.65-5.74c0-5.95 4.85-10.79 10.8-10.79 5.94 0 10.78 4.84 10.78 10.8 0 5.95-4.85 10.7-10.84 10.7Zm5.92-8.04c-.32-.16-1.92-.95-2.22-1.06-.3-.1-.51-.16-.73.16-.21.32-.84 1.06-1.02 1.27-.19.21-.38.24-.7.08-.32-.16-1.37-.5-2.6-1.6-.96-.86-1.61-1.92-1.8-2.24-.19-.32-.02-.5.14-.65.15-.14.32-.38.48-.56.16-.19.21-.32.32-.54.1-.21.05-.4-.03-.56-.08-.16-.73-1.75-1-2.4-.26-.63-.53-.54-.73-.55h-.62c-.21 0-.56.08-.86.4-.3.32-1.13 1.1-1.13 2.7 0 1.58 1.16 3.12 1.32 3.33.16.21 2.28 3.48 5.52 4.88.77.33 1.37.53 1.84.68.77.25 1.48.21 2.03.13.62-.09 1.92-.78 2.19-1.54.27-.76.27-1.4.19-1.54-.08-.13-.3-.21-.62-.37Z" />
      </svg>
    </a>
  )
}
