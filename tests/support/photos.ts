import sharp from 'sharp'

/** A real 60 × 80 JPEG photo of one colour. */
export function jpegPhoto(background: string): Promise<Buffer> {
  return sharp({ create: { width: 60, height: 80, channels: 3, background } })
    .jpeg()
    .toBuffer()
}

/** A product's four photos (the console asks for four), each of its own colour. */
export function fourPhotos(): Promise<Buffer[]> {
  return Promise.all(['#c33', '#3c3', '#33c', '#cc3'].map(jpegPhoto))
}
