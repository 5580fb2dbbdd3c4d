import { Trans } from '#app/lib/i18n/trans.tsx'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import type { SizeChartRow } from '#contracts/catalog.ts'
import { useLang } from '#app/lib/i18n/language.ts'
import { Kept } from '#app/lib/kept-markup.tsx'

const columns = [
  { key: 'chest', label: 'sizeChart.chest' },
  { key: 'length', label: 'sizeChart.length' },
  { key: 'waist', label: 'sizeChart.waist' },
  { key: 'sleeves', label: 'sizeChart.sleeves' },
] as const

/**
 * The size chart (spec: Size, Chest, Length, Waist, Sleeves, in inches). Clicking a
 * row selects its size; the button in the size cell does the same from the keyboard.
 * Until the app has booted, the size cell is a label for that size's radio
 * (`radioId`), so a tap on it selects the size without any JavaScript.
 *
 * The server keeps its markup (docs/decisions/050) under all it draws: the language, the
 * rows, the size chosen, the sizes in stock and sold out, and the radios' ids.
 */
export function SizeChart(props: SizeChartProps) {
  const { t } = useTranslation('catalog')
  const lang = useLang()
  const { rows, selected, available, soldOut = [], radioId, hydrated } = props
  if (rows.length === 0) {
    return <p className="text-sm text-muted">{t('sizeChart.none')}</p>
  }
  const drawn = [rows, selected, available, soldOut, rows.map((row) => radioId(row.size)), hydrated]
  return (
    <Kept
      as="div"
      cacheKey={`size-chart ${lang} ${JSON.stringify(drawn)}`}
      className="overflow-x-auto rounded-xl border border-line bg-white"
    >
      <SizeTable {...props} />
    </Kept>
  )
}

interface SizeChartProps {
  rows: SizeChartRow[]
  selected: string | null
  available: string[]
  /** Sizes on the chart that are offered but sold out: shown, not selectable. */
  soldOut?: string[]
  onSelect: (size: string) => void
  radioId: (size: string) => string
  hydrated: boolean
}

function SizeTable({ rows, selected, available, soldOut = [], onSelect, radioId, hydrated }: SizeChartProps) {
  const { t } = useTranslation('catalog')
  return (
    <table className="w-full text-start text-sm tabular-nums">
      <caption className="sr-only">{t('sizeChart.caption')}</caption>
      <thead className="bg-sand/60 text-[11px] tracking-[0.06em] text-muted uppercase sm:text-xs sm:tracking-[0.08em]">
        <tr>
          <th scope="col" className="px-3.5 py-2.5 font-semibold sm:px-4">
            {t('sizeChart.size')}
          </th>
          {columns.map((c) => (
            <th key={c.key} scope="col" className="px-2 py-2.5 font-semibold sm:px-3">
              {t(c.label)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const isSelected = row.size === selected
          const canSelect = available.includes(row.size)
          return (
            <tr
              key={row.size}
              onClick={canSelect ? () => onSelect(row.size) : undefined}
              className={`border-t border-line transition-colors ${
                isSelected ? 'bg-accent-soft' : canSelect ? 'cursor-pointer hover:bg-paper' : ''
              }`}
            >
              <th scope="row" className="px-1.5 py-1 font-semibold text-ink sm:px-2">
                {canSelect && !hydrated ? (
                  <label
                    htmlFor={radioId(row.size)}
                    className={`flex min-h-10 min-w-12 cursor-pointer items-center rounded-md px-2 whitespace-nowrap ${
                      isSelected ? 'text-accent-dark' : 'text-ink'
                    }`}
                  >
                    {/* The size is seen; 'Select size' around it is heard. */}
                    <Trans
                      t={t}
                      i18nKey="sizeChart.selectLabel"
                      values={{ size: row.size }}
                      components={[<span key="sr" className="sr-only" />]}
                    />
                  </label>
                ) : (
                  <button
                    type="button"
                    disabled={!canSelect}
                    aria-pressed={isSelected}
                    // A sold-out row is named by what it shows: the size and 'sold out'.
                    aria-label={soldOut.includes(row.size) ? undefined : t('sizeChart.select', { size: row.size })}
                    onClick={(e) => {
                      e.stopPropagation()
                      onSelect(row.size)
                    }}
                    className={`min-h-10 min-w-12 rounded-md px-2 text-start whitespace-nowrap ${
                      isSelected ? 'text-accent-dark' : 'text-ink'
                    } disabled:text-muted`}
                  >
                    {row.size}
                    {soldOut.includes(row.size) && (
                      <span className="ms-1.5 text-[11px] font-normal text-muted"> {t('sizeChart.soldOut')}</span>
                    )}
                  </button>
                )}
              </th>
              {columns.map((c) => (
                <td key={c.key} className={`px-2 py-1 sm:px-3 ${isSelected ? 'text-ink' : 'text-muted'}`}>
                  {row[c.key] ?? (
                    <>
                      <span aria-hidden>—</span>
                      <span className="sr-only">{t('sizeChart.notMeasured')}</span>
                    </>
                  )}
                </td>
              ))}
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}
