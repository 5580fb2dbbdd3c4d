import { useState } from 'react'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { Expand } from '#app/components/icons.tsx'
import { ProductImage } from '#app/components/product-image.tsx'
import { ImageViewer } from '#app/components/image-viewer.tsx'

const MAIN_SIZES = '(min-width: 1280px) 580px, (min-width: 1024px) 45vw, (min-width: 768px) 40vw, 100vw'

/**
 * docs/spec/store-spec.md §2, Product detail: four images; the thumbnails switch the main one,
 * which starts as image1; the zoom button opens the full-screen viewer.
 */
export function ProductGallery({ name, images }: { name: string; images: string[] }) {
  const { t } = useTranslation('catalog')
  const [current, setCurrent] = useState(0)
  const [zoom, setZoom] = useState(false)
  const src = images[current] ?? images[0] ?? ''
  const alt = t('gallery.alt', { name, n: current + 1, total: images.length })

  return (
    <div className="flex flex-col gap-3 self-start md:sticky md:top-[94px] md:flex-row-reverse md:items-start md:gap-4">
      <div className="relative min-w-0 flex-1 overflow-hidden rounded-2xl bg-sand">
        <ProductImage key={src} src={src} alt={alt} sizes={MAIN_SIZES} priority />
        <button
          type="button"
          onClick={() => setZoom(true)}
          aria-label={t('gallery.zoom', { n: current + 1, total: images.length })}
          className="absolute end-3 bottom-3 grid size-11 place-items-center rounded-full bg-white/90 text-ink shadow-md transition hover:bg-white"
        >
          <Expand aria-hidden className="size-5" />
        </button>
      </div>
      <ul aria-label={t('gallery.thumbnails')} className="grid grid-cols-4 gap-3 md:flex md:w-20 md:flex-col lg:w-24">
        {images.map((image, i) => (
          <li key={`${i}-${image}`}>
            <button
              type="button"
              onClick={() => setCurrent(i)}
              aria-pressed={i === current}
              aria-label={t('gallery.show', { n: i + 1, total: images.length })}
              className={`block w-full overflow-hidden rounded-lg bg-sand ring-offset-2 ring-offset-paper transition ${
                i === current ? 'ring-2 ring-ink' : 'opacity-75 hover:opacity-100'
              }`}
            >
              <ProductImage src={image} alt="" sizes="96px" />
            </button>
          </li>
        ))}
      </ul>
      {zoom && <ImageViewer src={src} alt={alt} onClose={() => setZoom(false)} />}
    </div>
  )
}
