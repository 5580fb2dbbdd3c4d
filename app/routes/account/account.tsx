import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { Link } from '#app/lib/i18n/links.tsx'
import { CircleCheck } from '#app/components/icons.tsx'
import type { Route } from './+types/account'
import { changePasswordSchema, deleteAccountSchema, savedAddressInputSchema } from '#contracts/account.ts'
import { langOfPath } from '#contracts/languages.ts'
import { tFor } from '#app/lib/i18n/i18n.ts'
import { redirectIn } from '#app/lib/i18n/language.ts'
import { appContext } from '#app/lib/app-context.server.ts'
import { requireUser } from '#app/lib/auth.server.ts'
import { attempt } from '#app/lib/service-result.server.ts'
import { formValues, parseForm, type FieldErrors } from '#app/lib/forms.ts'
import { privatePageMeta, rootOrigin } from '#app/lib/meta.ts'
import { addressFieldNames } from '#app/lib/address-fields.ts'
import { AddressBook, type AddressDraft } from '#app/features/account/address-book.tsx'
import { slot, withParts } from '#app/features/account/sentence.tsx'
import {
  DeleteAccountSection,
  PasswordSection,
  ProfileSection,
  SignOutEverywhereSection,
} from '#app/features/account/account-settings.tsx'
import { WishlistEmailsSection } from '#app/features/account/wishlist-emails.tsx'

export function meta({ matches, location }: Route.MetaArgs) {
  const t = tFor(langOfPath(location.pathname))
  return privatePageMeta({
    title: t('account.meta.title', { ns: 'account' }),
    description: t('account.meta.description', { ns: 'account' }),
    origin: rootOrigin(matches),
  })
}

/** What a finished action says on the page it comes back to: `done.<name>` in the account messages. */
const doneMessages = ['password', 'address', 'default', 'removed', 'verification', 'wishlistEmails'] as const
type Done = (typeof doneMessages)[number]
const isDone = (value: string | null): value is Done => (doneMessages as readonly (string | null)[]).includes(value)

/** Signed-in only; a guest goes to /login and comes back. Just after deletion, a goodbye. */
export async function loader({ context, url, request }: Route.LoaderArgs) {
  const { user: visitor } = context.get(appContext)
  if (!visitor && url.searchParams.has('deleted')) return { deleted: true as const }
  const user = requireUser(context, url)
  const { services } = context.get(appContext)
  const [account, addresses, wishlistEmails] = await Promise.all([
    services.auth.account(user._id),
    services.account.addresses(user._id),
    services.wishlist.emailsOn(user._id),
  ])
  if (!account) throw redirectIn(request, '/login')
  const editId = url.searchParams.get('edit')
  const editing = editId === null ? undefined : addresses.find((a) => a._id === editId)
  const draft: AddressDraft | null = editing
    ? { mode: 'edit', address: editing }
    : url.searchParams.has('add')
      ? { mode: 'add' }
      : null
  const done = url.searchParams.get('done')
  return {
    deleted: false as const,
    account,
    addresses,
    draft,
    askingToDelete: url.searchParams.has('delete'),
    wishlistEmails,
    done: isDone(done) ? done : null,
  }
}

interface Refused {
  intent: 'password' | 'address' | 'delete' | 'verify' | 'other'
  message: string | undefined
  fieldErrors: FieldErrors | undefined
  values?: Record<string, string>
}

/**
 * Every form of the page posts here with its `intent`; each works before the app's
 * scripts run. Success answers a fresh page (a reload never posts again); a refusal
 * re-renders the page with the form's messages.
 */
export async function action({ context, request, url }: Route.ActionArgs) {
  const user = requireUser(context, url)
  const { services, sessionToken, sessionCookies, clientAddress } = context.get(appContext)
  const form = await request.formData()
  const { intent, id = '' } = formValues(form, ['intent', 'id'])

  switch (intent) {
    case 'wishlist-emails': {
      await services.wishlist.setEmails(user._id, form.get('on') === '1')
      return redirectIn(request, '/account?done=wishlistEmails#wishlist-emails')
    }
    case 'password': {
      const values = formValues(form, ['currentPassword', 'newPassword', 'confirmPassword'])
      const parsed = parseForm(changePasswordSchema, values)
      if (!parsed.success) return refused('password', parsed.fieldErrors)
      const changed = await attempt(
        context,
        () => services.auth.changePassword(user._id, parsed.data, sessionToken, clientAddress),
        { fallback: 'Your password could not be changed. Please try again.', what: 'password change' },
      )
      if (!changed.ok) return { intent: 'password', ...changed } satisfies Refused
      return redirectIn(request, '/account?done=password#password')
    }
    case 'resend-verification': {
      const sent = await attempt(context, () => services.auth.resendVerification(user._id), {
        fallback: 'The link could not be sent. Please try again.',
        what: 'verification resend',
      })
      if (!sent.ok) return { intent: 'verify', ...sent } satisfies Refused
      return redirectIn(request, '/account?done=verification#profile')
    }
    case 'logout-everywhere': {
      await services.auth.endAllSessions(user._id)
      return redirectIn(request, '/login', { headers: { 'Set-Cookie': sessionCookies.clear() } })
    }
    case 'delete': {
      const parsed = parseForm(deleteAccountSchema, formValues(form, ['password', 'confirm']))
      if (!parsed.success) return refused('delete', parsed.fieldErrors)
      const deleted = await attempt(
        context,
        () => services.account.deleteAccount(user._id, parsed.data, clientAddress),
        { fallback: 'Your account could not be deleted. Please try again.', what: 'account deletion' },
      )
      if (!deleted.ok) return { intent: 'delete', ...deleted } satisfies Refused
      return redirectIn(request, '/account?deleted', { headers: { 'Set-Cookie': sessionCookies.clear() } })
    }
    case 'address-save': {
      const values = formValues(form, [...addressFieldNames, 'isDefault'])
      const parsed = parseForm(savedAddressInputSchema, { ...values, isDefault: values.isDefault === 'on' })
      if (!parsed.success) return { ...refused('address', parsed.fieldErrors), values }
      const input = parsed.data
      const saved = await attempt(
        context,
        () => (id ? services.account.updateAddress(user._id, id, input) : services.account.addAddress(user._id, input)),
        { fallback: 'The address could not be saved. Please try again.', what: 'saving an address' },
      )
      if (!saved.ok) return { intent: 'address', ...saved, values } satisfies Refused
      return redirectIn(request, '/account?done=address#addresses')
    }
    case 'address-default':
    case 'address-delete': {
      const run = async () => {
        if (intent === 'address-default') await services.account.setDefaultAddress(user._id, id)
        else await services.account.deleteAddress(user._id, id)
      }
      const result = await attempt(context, run, {
        fallback: 'The address could not be changed. Please try again.',
        what: intent,
      })
      if (!result.ok) return { intent: 'address', message: result.message, fieldErrors: undefined } satisfies Refused
      return redirectIn(request, `/account?done=${intent === 'address-default' ? 'default' : 'removed'}#addresses`)
    }
    default:
      return redirectIn(request, '/account')
  }
}

function refused(intent: Refused['intent'], fieldErrors: FieldErrors): Refused {
  return { intent, message: Object.values(fieldErrors)[0], fieldErrors }
}

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('account')
  if (loaderData.deleted) return <Deleted />
  const { account, addresses, draft, askingToDelete, done, wishlistEmails } = loaderData
  const refusal = (intent: Refused['intent']) =>
    actionData?.intent === intent ? { message: actionData.message, fieldErrors: actionData.fieldErrors } : null
  const addressRefusal = actionData?.intent === 'address' ? actionData : null

  return (
    <main id="main" className="container-page py-10 sm:py-14">
      <div className="border-b border-line pb-5">
        <h1 className="section-title">{t('account.title')}</h1>
        <p className="mt-1 text-sm text-muted">
          {withParts(t('account.hello', { name: slot('name'), orders: slot('orders') }), {
            name: <bdi>{account.user.name}</bdi>,
            orders: (
              <Link to="/order" className="font-medium text-accent underline-offset-4 hover:underline">
                {t('account.myOrders')}
              </Link>
            ),
          })}
        </p>
      </div>
      {done && !actionData && (
        <p role="status" className="mt-5 flex items-center gap-2 text-sm font-medium text-success">
          <CircleCheck aria-hidden className="size-4 shrink-0" />
          {t(`done.${done}`)}
        </p>
      )}
      <div className="mt-8 grid max-w-3xl gap-6">
        <ProfileSection user={account.user} resend={refusal('verify')} />
        <AddressBook
          addresses={addresses}
          // A refused address form stays open with what was typed.
          draft={draft ?? (addressRefusal?.values ? { mode: 'add' } : null)}
          posted={
            addressRefusal
              ? {
                  values: addressRefusal.values ?? {},
                  fieldErrors: addressRefusal.fieldErrors,
                  message: addressRefusal.fieldErrors ? undefined : addressRefusal.message,
                }
              : null
          }
        />
        <PasswordSection hasPassword={account.hasPassword} refusal={refusal('password')} />
        <WishlistEmailsSection on={wishlistEmails} />
        <SignOutEverywhereSection />
        <DeleteAccountSection hasPassword={account.hasPassword} asking={askingToDelete} refusal={refusal('delete')} />
      </div>
    </main>
  )
}

function Deleted() {
  const { t } = useTranslation('account')
  return (
    <main id="main" className="container-page py-16 text-center sm:py-24">
      <h1 className="section-title">{t('deleted.title')}</h1>
      <p className="mx-auto mt-3 max-w-md text-muted">{t('deleted.text')}</p>
      <Link to="/" className="btn-primary mt-8">
        {t('deleted.back')}
      </Link>
    </main>
  )
}
