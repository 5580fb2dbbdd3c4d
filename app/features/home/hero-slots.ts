/**
 * The hero's four slots (spec: Home, "a rotating hero video ... across 4 slots").
 * Media files are rendered by scripts/generate-hero-videos.ts into public/hero/.
 */
export interface HeroSlot {
  /** 1-based, as the files are named: /hero/hero-N.webm, .mp4, .jpg, .webp. */
  n: number
  /** Its texts in the home messages: `hero.<id>.eyebrow`, `.title`, `.line`, `.cta`. */
  id: 'women' | 'men' | 'kids' | 'winter'
  href: string
}

export const heroSlots: readonly HeroSlot[] = [
  { n: 1, id: 'women', href: '/collection?category=Women' },
  { n: 2, id: 'men', href: '/collection?category=Men' },
  { n: 3, id: 'kids', href: '/collection?category=Kids' },
  { n: 4, id: 'winter', href: '/collection?subCategory=WinterWear' },
]

export const heroMedia = (n: number) => ({
  webm: `/hero/hero-${n}.webm`,
  mp4: `/hero/hero-${n}.mp4`,
  jpg: `/hero/hero-${n}.jpg`,
  webp: `/hero/hero-${n}.webp`,
})

/** The videos and posters are drawn at 1280 x 720. */
export const HERO_MEDIA_WIDTH = 1280
export const HERO_MEDIA_HEIGHT = 720
