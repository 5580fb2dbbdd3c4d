import { useEffect, useRef } from 'react'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { Form, Link } from '#app/lib/i18n/links.tsx'
import { BadgeCheck, LogOut } from '#app/components/icons.tsx'
import { DELETE_CONFIRMATION } from '#contracts/account.ts'
import type { User } from '#contracts/auth.ts'
import { PasswordField, TextField } from '#app/components/text-field.tsx'
import { focusFirstError, type FieldErrors } from '#app/lib/forms.ts'
import { AccountSection, FormMessage } from '#app/features/account/account-section.tsx'
import { translateErrors } from '#app/features/account/messages.ts'

/** A refused form's message and field messages. */
export interface FormRefusal {
  message: string | undefined
  fieldErrors: FieldErrors | undefined
}

const dangerButton =
  'inline-flex min-h-11 items-center justify-center rounded-full bg-danger px-5 text-sm font-semibold text-white transition-colors hover:bg-red-800 disabled:opacity-60'

/**
 * Who is signed in, one row per fact. An address not yet verified can still shop; the
 * page says so and sends the link again (a plain form).
 */
export function ProfileSection({ user, resend }: { user: User; resend: FormRefusal | null }) {
  const { t } = useTranslation('account')
  return (
    <AccountSection id="profile" title={t('profile.title')}>
      <dl className="divide-y divide-line text-sm">
        <ProfileRow label={t('profile.name')}>{user.name}</ProfileRow>
        <ProfileRow label={t('profile.email')}>
          <span className="block">
            <bdi>{user.email}</bdi>
          </span>
          {user.emailVerified ? (
            <span className="mt-1 flex items-center gap-1.5 font-normal text-success">
              <BadgeCheck aria-hidden className="size-4 shrink-0" />
              {t('profile.verified')}
            </span>
          ) : (
            <div className="mt-1 font-normal text-muted">
              <p>{t('profile.notVerified')}</p>
              <Form method="post" className="mt-3">
                <FormMessage message={resend?.message} />
                <input type="hidden" name="intent" value="resend-verification" />
                <button type="submit" className="btn-secondary min-h-11 px-4 text-sm">
                  {t('profile.resend')}
                </button>
              </Form>
            </div>
          )}
        </ProfileRow>
      </dl>
    </AccountSection>
  )
}

function ProfileRow({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 py-3 first:pt-0 last:pb-0 sm:grid-cols-[8rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-muted">{label}</dt>
      <dd className="font-medium break-words text-ink">{children}</dd>
    </div>
  )
}

const passwordFields = ['currentPassword', 'newPassword', 'confirmPassword']

/** A new password after the current one; an account made with Google has none (docs/decisions/012). */
export function PasswordSection({ hasPassword, refusal }: { hasPassword: boolean; refusal: FormRefusal | null }) {
  const { t, i18n } = useTranslation('account')
  const formRef = useRef<HTMLFormElement>(null)
  useEffect(() => {
    focusFirstError(formRef.current, passwordFields, refusal?.fieldErrors)
  }, [refusal])
  if (!hasPassword) {
    return (
      <AccountSection id="password" title={t('password.googleTitle')}>
        <p className="text-sm text-muted">{t('password.google')}</p>
      </AccountSection>
    )
  }
  const errors = translateErrors(i18n.t, refusal?.fieldErrors ?? {})
  return (
    <AccountSection id="password" title={t('password.title')} intro={t('password.intro')}>
      <Form ref={formRef} method="post" noValidate preventScrollReset className="max-w-md space-y-5">
        <FormMessage message={refusal?.fieldErrors ? undefined : refusal?.message} />
        <PasswordField
          label={t('password.current')}
          name="currentPassword"
          autoComplete="current-password"
          required
          error={errors.currentPassword}
        />
        <PasswordField
          label={t('password.new')}
          name="newPassword"
          autoComplete="new-password"
          required
          hint={t('password.newHint')}
          error={errors.newPassword}
        />
        <PasswordField
          label={t('password.again')}
          name="confirmPassword"
          autoComplete="new-password"
          required
          error={errors.confirmPassword}
        />
        <button type="submit" name="intent" value="password" className="btn-primary">
          {t('password.submit')}
        </button>
      </Form>
    </AccountSection>
  )
}

export function SignOutEverywhereSection() {
  const { t } = useTranslation('account')
  return (
    <AccountSection id="sessions" title={t('sessions.title')} intro={t('sessions.intro')}>
      <Form method="post">
        <button type="submit" name="intent" value="logout-everywhere" className="btn-secondary normal-case">
          <LogOut aria-hidden className="size-4 rtl:-scale-x-100" />
          {t('sessions.submit')}
        </button>
      </Form>
    </AccountSection>
  )
}

/**
 * Deleting the account: a plain link opens the question (?delete), which asks for the
 * password, or for DELETE typed out when the account has no password.
 */
export function DeleteAccountSection({
  hasPassword,
  asking,
  refusal,
}: {
  hasPassword: boolean
  asking: boolean
  refusal: FormRefusal | null
}) {
  const { t, i18n } = useTranslation('account')
  const errors = translateErrors(i18n.t, refusal?.fieldErrors ?? {})
  return (
    <AccountSection id="delete" title={t('delete.title')} tone="danger" intro={t('delete.intro')}>
      {asking || refusal ? (
        <Form method="post" noValidate className="max-w-md space-y-5">
          <FormMessage message={refusal?.fieldErrors ? undefined : refusal?.message} />
          <p className="text-sm font-medium text-ink" id="delete-question">
            {t('delete.question')}
          </p>
          {hasPassword ? (
            <PasswordField
              label={t('delete.password')}
              name="password"
              autoComplete="current-password"
              required
              error={errors.password}
            />
          ) : (
            <TextField
              label={t('delete.typeToConfirm', { word: DELETE_CONFIRMATION })}
              name="confirm"
              autoComplete="off"
              autoCapitalize="characters"
              required
              error={errors.confirm}
            />
          )}
          <div className="flex flex-wrap items-center gap-3">
            <button
              type="submit"
              name="intent"
              value="delete"
              aria-describedby="delete-question"
              className={dangerButton}
            >
              {t('delete.submit')}
            </button>
            <Link
              to="/account#delete"
              replace
              preventScrollReset
              className="inline-flex min-h-11 items-center justify-center rounded-full border border-ink px-5 text-sm font-semibold text-ink hover:bg-ink hover:text-white"
            >
              {t('delete.keep')}
            </Link>
          </div>
        </Form>
      ) : (
        <Link
          to="/account?delete#delete"
          preventScrollReset
          className="inline-flex min-h-11 items-center rounded-full border border-danger px-5 text-sm font-semibold text-danger hover:bg-danger hover:text-white"
        >
          {t('delete.open')}
        </Link>
      )}
    </AccountSection>
  )
}
