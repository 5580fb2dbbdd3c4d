/**
 * The hero's four slots (spec: Home, "a rotating hero video ... across 4 slots").
 * Media files are rendered by scripts/generate-hero-videos.ts into public/hero/.
 */
export interface HeroSlot {
  /** 1-based, as the files are named: /hero/hero-N.webm, .mp4, .jpg, .webp. */
  n: number
  eyebrow: string
  title: string
  line: string
  cta: string
  href: string
}

export const heroSlots: readonly HeroSlot[] = [
  {
    n: 1,
    eyebrow: 'New season',
    title: 'Fresh pieces for the new season',
    line: 'Breezy kurtas, soft blouses and easy dresses for women.',
    cta: 'Shop Women',
    href: '/collection?category=Women',
  },
  {
    n: 2,
    eyebrow: "Men's essentials",
    title: 'Everyday essentials for men',
    line: 'Oxford shirts, polos, tees and jeans that work every day.',
    cta: 'Shop Men',
    href: '/collection?category=Men',
  },
  {
    n: 3,
    eyebrow: 'Kids',
    title: 'Made for play, built to last',
    line: 'Soft, sturdy clothes for kids who never sit still.',
    cta: 'Shop Kids',
    href: '/collection?category=Kids',
  },
  {
    n: 4,
    eyebrow: 'Winter wear',
    title: 'Ready for the cool evenings',
    line: 'Puffers, hoodies and knits for the whole family.',
    cta: 'Shop Winter Wear',
    href: '/collection?subCategory=WinterWear',
  },
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
