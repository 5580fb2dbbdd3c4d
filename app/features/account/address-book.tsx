import { useEffect, useRef } from 'react'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { Form, Link } from '#app/lib/i18n/links.tsx'
import { MapPin, Plus } from '#app/components/icons.tsx'
import { MAX_SAVED_ADDRESSES, type SavedAddress } from '#contracts/account.ts'
import { AddressFieldset } from '#app/components/address-fieldset.tsx'
import { addressFieldNames } from '#app/lib/address-fields.ts'
import { focusFirstError, type FieldErrors } from '#app/lib/forms.ts'
import { AccountSection, FormMessage } from '#app/features/account/account-section.tsx'
import { translateErrors } from '#app/features/account/messages.ts'

/** The address form on screen: a new address, or one being edited (by id). */
export type AddressDraft = { mode: 'add' } | { mode: 'edit'; address: SavedAddress }

const smallButton =
  'inline-flex min-h-11 items-center rounded-full px-3 text-sm font-semibold underline-offset-4 hover:underline'

/**
 * Saved delivery addresses: each with Edit, Make default and Delete, and one form
 * for adding or editing, opened by a plain link (?add, ?edit=id) so it all works
 * before the app's scripts run.
 */
export function AddressBook({
  addresses,
  draft,
  posted,
}: {
  addresses: SavedAddress[]
  draft: AddressDraft | null
  /** What the address form last posted, with its messages, when it was refused. */
  posted: { values: Record<string, string>; fieldErrors: FieldErrors | undefined; message: string | undefined } | null
}) {
  const { t } = useTranslation('account')
  const full = addresses.length >= MAX_SAVED_ADDRESSES
  return (
    <AccountSection
      id="addresses"
      title={t('addresses.title')}
      intro={t('addresses.intro', { max: MAX_SAVED_ADDRESSES })}
    >
      {!draft && <FormMessage message={posted?.message} />}
      {addresses.length === 0 && !draft && <p className="text-sm text-muted">{t('addresses.none')}</p>}
      {addresses.length > 0 && (
        <ul className="grid gap-3 sm:grid-cols-2" aria-label={t('addresses.list')}>
          {addresses.map((a) => (
            <AddressCard key={a._id} address={a} />
          ))}
        </ul>
      )}
      {draft ? (
        <AddressForm key={draft.mode === 'edit' ? draft.address._id : 'add'} draft={draft} posted={posted} />
      ) : full ? (
        <p className="mt-4 text-sm text-muted">{t('addresses.full', { max: MAX_SAVED_ADDRESSES })}</p>
      ) : (
        <Link
          to="/account?add#address-form"
          preventScrollReset
          className="btn-secondary mt-5 w-full normal-case sm:w-auto"
        >
          <Plus aria-hidden className="size-4" />
          {t('addresses.add')}
        </Link>
      )}
    </AccountSection>
  )
}

function AddressCard({ address: a }: { address: SavedAddress }) {
  const { t } = useTranslation('account')
  const name = `${a.firstName} ${a.lastName}`
  const where = `${a.street}, ${a.city}`
  return (
    <li className="flex flex-col rounded-xl border border-line bg-paper p-4">
      <div className="flex items-start gap-3">
        <MapPin aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
        <div className="min-w-0 text-sm">
          <p className="font-semibold text-ink">
            {name}
            {a.isDefault && (
              <span className="ms-2 rounded-full bg-accent-soft px-2 py-0.5 text-xs font-semibold text-accent-dark">
                {t('addresses.default')}
              </span>
            )}
          </p>
          <p className="mt-1 break-words text-muted">
            {a.street}
            <br />
            {a.city}, {a.state} {a.pinCode}
            <br />
            {a.country}
          </p>
          <p className="mt-1 text-muted">
            <bdi>{a.phone}</bdi>
          </p>
        </div>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-x-1 border-t border-line pt-2">
        <Link
          to={`/account?edit=${a._id}#address-form`}
          preventScrollReset
          aria-label={t('addresses.editLabel', { where })}
          className={`${smallButton} text-ink`}
        >
          {t('addresses.edit')}
        </Link>
        {!a.isDefault && (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="id" value={a._id} />
            <button
              type="submit"
              name="intent"
              value="address-default"
              aria-label={t('addresses.makeDefaultLabel', { where })}
              className={`${smallButton} text-ink`}
            >
              {t('addresses.makeDefault')}
            </button>
          </Form>
        )}
        <Form method="post" preventScrollReset className="ms-auto">
          <input type="hidden" name="id" value={a._id} />
          <button
            type="submit"
            name="intent"
            value="address-delete"
            aria-label={t('addresses.deleteLabel', { where })}
            className={`${smallButton} text-danger`}
          >
            {t('addresses.delete')}
          </button>
        </Form>
      </div>
    </li>
  )
}

function AddressForm({
  draft,
  posted,
}: {
  draft: AddressDraft
  posted: { values: Record<string, string>; fieldErrors: FieldErrors | undefined; message: string | undefined } | null
}) {
  const { t, i18n } = useTranslation('account')
  const formRef = useRef<HTMLFormElement>(null)
  useEffect(() => {
    focusFirstError(formRef.current, addressFieldNames, posted?.fieldErrors)
  }, [posted])
  const editing = draft.mode === 'edit' ? draft.address : null
  const title = editing ? t('addresses.editTitle') : t('addresses.newTitle')
  return (
    <Form
      ref={formRef}
      id="address-form"
      method="post"
      noValidate
      preventScrollReset
      aria-labelledby="address-form-title"
      className="mt-6 scroll-mt-24 rounded-xl border border-line bg-paper p-4 sm:p-6"
    >
      <h3 id="address-form-title" className="font-display text-lg font-semibold text-ink">
        {title}
      </h3>
      <div className="mt-4">
        <FormMessage message={posted?.message} />
        {editing && <input type="hidden" name="id" value={editing._id} />}
        <AddressFieldset
          idPrefix="address"
          values={posted?.values ?? editing ?? { country: 'Pakistan' }}
          errors={translateErrors(i18n.t, posted?.fieldErrors ?? {})}
        />
      </div>
      {!editing?.isDefault && (
        <label className="mt-5 flex min-h-11 cursor-pointer items-center gap-3 text-sm text-ink">
          <input
            type="checkbox"
            name="isDefault"
            defaultChecked={posted?.values.isDefault === 'on'}
            className="size-5 accent-accent"
          />
          {t('addresses.useFirst')}
        </label>
      )}
      <div className="mt-5 flex flex-wrap items-center gap-3">
        <button type="submit" name="intent" value="address-save" className="btn-primary">
          {t('addresses.save')}
        </button>
        <Link
          to="/account#addresses"
          preventScrollReset
          className="inline-flex min-h-11 items-center px-3 text-sm font-semibold text-ink underline-offset-4 hover:underline"
        >
          {t('addresses.cancel')}
        </Link>
      </div>
    </Form>
  )
}
