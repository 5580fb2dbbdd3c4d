import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { Heart } from '#app/components/icons.tsx'
import { Form } from '#app/lib/i18n/links.tsx'
import { AccountSection } from '#app/features/account/account-section.tsx'

/**
 * The wishlist's emails (one when a kept piece goes on sale, one when a sold-out size of
 * it is back): on or off, a plain form that says which it is now.
 */
export function WishlistEmailsSection({ on }: { on: boolean }) {
  const { t } = useTranslation('account')
  return (
    <AccountSection id="wishlist-emails" title={t('wishlistEmails.title')} intro={t('wishlistEmails.intro')}>
      <p className="text-sm font-medium text-ink">{on ? t('wishlistEmails.on') : t('wishlistEmails.off')}</p>
      <Form method="post" className="mt-3">
        <input type="hidden" name="on" value={on ? '0' : '1'} />
        <button type="submit" name="intent" value="wishlist-emails" className="btn-secondary normal-case">
          <Heart aria-hidden className="size-4" />
          {on ? t('wishlistEmails.turnOff') : t('wishlistEmails.turnOn')}
        </button>
      </Form>
    </AccountSection>
  )
}
