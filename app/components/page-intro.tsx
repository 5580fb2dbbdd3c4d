/** The opening of a static page: a small label, the page's one h1 and a short line. */
export function PageIntro({ eyebrow, title, children }: { eyebrow: string; title: string; children: React.ReactNode }) {
  return (
    <header className="max-w-2xl">
      <p className="text-xs font-semibold tracking-[0.25em] text-accent uppercase">{eyebrow}</p>
      <h1 className="mt-3 text-4xl font-semibold tracking-tight text-ink sm:text-5xl">{title}</h1>
      <p className="mt-4 text-base leading-relaxed text-muted sm:text-lg">{children}</p>
    </header>
  )
}
