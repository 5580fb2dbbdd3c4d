import { Trans } from '#app/lib/i18n/trans.tsx'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'

/** The messages that name an order by its number: `<no>{{number}}</no>` marks where it goes. */
type OrderTextKey =
  | 'item.order'
  | 'awaiting.order'
  | 'order.title'
  | 'order.cancelQuestion'
  | 'link.confirmTitle'
  | 'link.cancelTitle'
  | 'track.result'

/**
 * A message naming an order ('Order #1A2B3C4D'), its number isolated left to right so
 * '#1A2B3C4D' reads as one word in an Urdu sentence (docs/decisions/022).
 */
export function OrderText({ k, number }: { k: OrderTextKey; number: string }) {
  const { t } = useTranslation('orders')
  return <Trans t={t} i18nKey={k} values={{ number }} components={{ no: <bdi dir="ltr" /> }} />
}
