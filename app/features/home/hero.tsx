import { useEffect, useRef, useState } from 'react'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { Link } from '#app/lib/i18n/links.tsx'
import { ArrowRight, Pause, Play } from '#app/components/icons.tsx'
import {
  HERO_MEDIA_HEIGHT,
  HERO_MEDIA_WIDTH,
  heroMedia,
  heroSlots,
  type HeroSlot,
} from '#app/features/home/hero-slots.ts'
import { useHydrated, usePageLoaded, usePrefersReducedMotion, useRotation } from '#app/features/home/use-rotation.ts'

/**
 * The home page's rotating hero (spec: Home; docs/spec/rulings.md #23; WCAG 2.2.2).
 *
 * To keep the page light, the server sends only the first slot's poster (the LCP
 * image); each slot's video is mounted in the browser when the slot is first shown,
 * and only the visible one plays. The box has a fixed aspect ratio, so nothing moves
 * when media arrives. Under reduced motion the posters stand still until the
 * shopper presses play.
 */
export function Hero({ slots = heroSlots }: { slots?: readonly HeroSlot[] }) {
  const { t } = useTranslation('home')
  const hydrated = useHydrated()
  const loaded = usePageLoaded()
  const reducedMotion = usePrefersReducedMotion()
  // null: the shopper has not chosen, so follow their motion setting.
  const [choice, setChoice] = useState<'playing' | 'paused' | null>(null)
  const [focusInside, setFocusInside] = useState(false)
  const playing = choice ? choice === 'playing' : !reducedMotion
  // Keyboard or pointer focus inside the hero holds the slide still (WAI carousel
  // pattern) until the shopper explicitly presses play.
  const rotating = hydrated && playing && (!focusInside || choice === 'playing')
  const { index, seen, goTo } = useRotation(slots.length, !rotating)
  const next = (index + 1) % slots.length
  const videos = loaded && (!reducedMotion || choice !== null)

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t('hero.label')}
      className="relative isolate aspect-[4/5] overflow-hidden rounded-2xl bg-ink text-white sm:aspect-video lg:aspect-[16/7]"
      onFocus={() => setFocusInside(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setFocusInside(false)
      }}
    >
      <div aria-live={rotating ? 'off' : 'polite'} className="absolute inset-0">
        {slots.map((slot, i) => (
          <Slide
            key={slot.n}
            slot={slot}
            position={i}
            total={slots.length}
            active={i === index}
            // The first poster is server-rendered; the next slot's poster is fetched
            // ahead so a change never shows an empty box.
            showPoster={i === 0 || (loaded && (seen.has(i) || i === next))}
            showVideo={videos && seen.has(i)}
            play={playing && i === index}
          />
        ))}
      </div>

      <div className="absolute bottom-4 start-5 flex items-center gap-3 sm:bottom-8 sm:start-10 lg:bottom-10 lg:start-16">
        <div role="group" aria-label={t('hero.choose')} className="flex items-center">
          {slots.map((slot, i) => (
            <button
              key={slot.n}
              type="button"
              aria-label={t('hero.show', { n: i + 1 })}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => goTo(i)}
              className="group grid h-10 w-9 place-items-center rounded-full focus-visible:outline-white"
            >
              <span
                aria-hidden
                className={`block h-1 rounded-full transition-all duration-300 ${
                  i === index ? 'w-7 bg-white' : 'w-3.5 bg-white/55 group-hover:bg-white/80'
                }`}
              />
            </button>
          ))}
        </div>
        <button
          type="button"
          onClick={() => setChoice(playing ? 'paused' : 'playing')}
          aria-label={playing ? t('hero.pause') : t('hero.play')}
          className="grid size-10 place-items-center rounded-full bg-black/35 text-white ring-1 ring-white/50 backdrop-blur-sm transition-colors hover:bg-black/55 focus-visible:outline-white"
        >
          {playing ? <Pause aria-hidden className="size-4" /> : <Play aria-hidden className="size-4" />}
        </button>
      </div>
    </section>
  )
}

function Slide({
  slot,
  position,
  total,
  active,
  showPoster,
  showVideo,
  play,
}: {
  slot: HeroSlot
  position: number
  total: number
  active: boolean
  showPoster: boolean
  showVideo: boolean
  play: boolean
}) {
  const { t } = useTranslation('home')
  const media = heroMedia(slot.n)
  const first = position === 0
  const eyebrow = t(`hero.${slot.id}.eyebrow`)
  return (
    <div
      role="group"
      aria-roledescription="slide"
      aria-label={t('hero.slide', { position: position + 1, total, name: eyebrow })}
      // Hidden slides stay in the page for the cross-fade, out of reach of keyboard and screen readers.
      inert={!active}
      className={`absolute inset-0 transition-opacity duration-700 ease-out ${active ? 'opacity-100' : 'opacity-0'}`}
    >
      {/* Each picture leaves its start side empty for the text: in Urdu it is mirrored, as the text is. */}
      {showPoster && (
        <picture>
          <source type="image/webp" srcSet={media.webp} />
          <img
            src={media.jpg}
            alt=""
            width={HERO_MEDIA_WIDTH}
            height={HERO_MEDIA_HEIGHT}
            fetchPriority={first ? 'high' : 'low'}
            loading={first ? 'eager' : 'lazy'}
            decoding={first ? 'sync' : 'async'}
            className="absolute inset-0 size-full object-cover object-[75%_50%] sm:object-center rtl:-scale-x-100"
          />
        </picture>
      )}
      {showVideo && <SlideVideo media={media} play={play} active={active} />}
      {/*
        Our own scrim, on top of the one drawn into the video: white text stays AA on any frame.
        On wide screens it darkens the side the text starts from: the right in Urdu.
      */}
      <div
        aria-hidden
        className="absolute inset-0 bg-linear-to-t from-black/90 via-black/60 via-45% to-black/0 to-85% sm:bg-linear-to-r sm:from-black/70 sm:via-black/35 sm:via-55% sm:to-black/0 sm:rtl:bg-linear-to-l"
      />
      <div className="absolute inset-x-0 bottom-0 px-6 pb-20 sm:inset-y-0 sm:end-auto sm:flex sm:max-w-[34rem] sm:flex-col sm:justify-center sm:px-10 sm:pb-12 lg:max-w-[40rem] lg:px-16">
        <p className="text-xs font-semibold tracking-[0.25em] text-white/90 uppercase">{eyebrow}</p>
        {/* Nastaliq's tall letters need more room between lines than the English face (docs/decisions/022). */}
        <h2 className="mt-3 text-3xl leading-[1.1] rtl:leading-[1.6] font-semibold tracking-tight text-balance sm:text-4xl lg:text-6xl">
          {t(`hero.${slot.id}.title`)}
        </h2>
        <p className="mt-3 max-w-md text-base text-white/90 sm:mt-4 sm:text-lg">{t(`hero.${slot.id}.line`)}</p>
        <Link
          to={slot.href}
          className="mt-6 inline-flex min-h-11 w-fit items-center gap-2 rounded-full bg-white px-6 py-3 text-sm font-semibold tracking-wide text-ink uppercase transition-colors hover:bg-accent-soft focus-visible:outline-white"
        >
          {t(`hero.${slot.id}.cta`)}
          <ArrowRight aria-hidden className="size-4 rtl:-scale-x-100" />
        </Link>
      </div>
    </div>
  )
}

function SlideVideo({ media, play, active }: { media: ReturnType<typeof heroMedia>; play: boolean; active: boolean }) {
  const ref = useRef<HTMLVideoElement>(null)
  useEffect(() => {
    const video = ref.current
    if (!video) return
    if (play) {
      // Refused playback (data saver, autoplay policy) just leaves the poster showing.
      video.play().catch(() => {})
    } else {
      video.pause()
    }
  }, [play])
  return (
    <video
      ref={ref}
      muted
      loop
      playsInline
      autoPlay={play}
      // A slot's video loads only once that slot is on screen.
      preload={active ? 'auto' : 'none'}
      poster={media.webp}
      width={HERO_MEDIA_WIDTH}
      height={HERO_MEDIA_HEIGHT}
      aria-hidden
      tabIndex={-1}
      className="absolute inset-0 size-full object-cover object-[75%_50%] sm:object-center rtl:-scale-x-100"
    >
      <source src={media.webm} type="video/webm" />
      <source src={media.mp4} type="video/mp4" />
    </video>
  )
}
