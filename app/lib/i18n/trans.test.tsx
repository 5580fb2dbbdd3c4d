import type { ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
// eslint-disable-next-line no-restricted-syntax -- the store's <Trans> is checked against react-i18next's own
import { I18nextProvider, Trans as I18nextTrans } from 'react-i18next'
import { describe, expect, test } from 'vitest'
import english from '#locales/en/index.ts'
import urdu from '#locales/ur/index.ts'
import admin from '#locales/en/admin.json' with { type: 'json' }
import { setUpLanguage } from '#app/lib/i18n/i18n.ts'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { Trans } from '#app/lib/i18n/trans.tsx'

const i18n = { en: setUpLanguage('en', { ...english, admin }), ur: setUpLanguage('ur', urdu) }

interface Use {
  ns: 'catalog' | 'orders' | 'admin'
  i18nKey: string
  values?: Record<string, string | number>
  components: readonly ReactElement[] | Record<string, ReactElement>
  /** English only (the console). */
  en?: boolean
}

const link = <a href="/login?redirectTo=%2Fproductdetail%2Fkurta" className="font-medium text-accent" />
const hidden = [<span key="sr" className="sr-only" />]
const orderNumber = { values: { number: '#1A2B3C4D' }, components: { no: <bdi dir="ltr" /> } }

// Every message the store draws with <Trans>, with the components and values it gives.
const uses: Use[] = [
  { ns: 'catalog' as const, i18nKey: 'backInStock.signIn', components: [link] },
  { ns: 'catalog' as const, i18nKey: 'reviews.signIn', components: [link] },
  { ns: 'catalog' as const, i18nKey: 'sizeChart.selectLabel', values: { size: 'XL' }, components: hidden },
  { ns: 'catalog' as const, i18nKey: 'filters.selected', values: { active: 3 }, components: hidden },
  ...(
    [
      'item.order',
      'awaiting.order',
      'order.title',
      'order.cancelQuestion',
      'link.confirmTitle',
      'link.cancelTitle',
      'track.result',
    ] as const
  ).map((i18nKey) => ({ ns: 'orders' as const, i18nKey, ...orderNumber })),
  {
    ns: 'orders' as const,
    i18nKey: 'track.signIn',
    components: { orders: <a href="/order" className="font-semibold" /> },
  },
  { ns: 'admin' as const, i18nKey: 'sales.form.productIdsHint', components: { b: <b /> }, en: true },
  {
    ns: 'admin' as const,
    i18nKey: 'security.lostPhone',
    values: { command: 'npm run admin -- reset-2fa --email <a@example.com>' },
    components: { cmd: <code className="[overflow-wrap:anywhere]" /> },
    en: true,
  },
]

function Both({ use }: { use: Use }) {
  const { t } = useTranslation(use.ns)
  const props = { t, i18nKey: use.i18nKey, values: use.values, components: use.components }
  return (
    <>
      <p>
        {/* Its props are typed to the keys of one namespace; these are checked here by drawing them. */}
        <I18nextTrans {...(props as object)} />
      </p>
      <p>
        <Trans {...props} />
      </p>
    </>
  )
}

describe('Trans', () => {
  test('draws every message the store gives it as react-i18next’s <Trans> does, in both languages', () => {
    let drawn = 0
    for (const lang of ['en', 'ur'] as const) {
      for (const use of uses) {
        if (use.en && lang === 'ur') continue
        const html = renderToStaticMarkup(
          <I18nextProvider i18n={i18n[lang]}>
            <Both use={use} />
          </I18nextProvider>,
        )
        const [, theirs, ours] = /^<p>(.*)<\/p><p>(.*)<\/p>$/s.exec(html) ?? []
        expect(ours, `${lang} ${use.i18nKey}`).toBe(theirs)
        // The message itself, not its key.
        expect(ours).not.toContain(use.i18nKey)
        drawn++
      }
    }
    expect(drawn).toBe(2 * uses.length - 2)
  })

  test('a message it cannot read is left to i18next', () => {
    const html = renderToStaticMarkup(
      <I18nextProvider i18n={i18n.en}>
        <Missing />
      </I18nextProvider>,
    )
    expect(html).toBe('no.such.key')
  })
})

function Missing() {
  const { t } = useTranslation('catalog')
  return <Trans t={t} i18nKey="no.such.key" />
}
