import '../../../i18n/auth-strings';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { AuthBackLink, AuthForm } from '../../../ui/auth-form';
import { useTranslation } from 'react-i18next';
import { Link2Off } from 'lucide-react';
import { ApiError } from '../../../lib/api-client';
import { buttonClassName } from '../../../ui/button-styles';
import { ResetPasswordSchema } from '#shared/schemas/auth-schemas';
import { resetPassword } from '../api/auth-api';
import { AuthCard, authLinkClassName } from '../../../ui/auth-card';
import { applyServerErrors } from '../../../lib/server-errors';
import { readResetValue, resetKeys, writeResetValue } from '../reset-storage';
import { PasswordField } from '../../../ui/password-field';
import { useCheckedForm } from '../../../ui/use-checked-form';

function InvalidResetLink() {
  const { t } = useTranslation();
  return (
    <AuthCard
      title={t('auth.resetPassword.invalidTitle')}
      icon={
        <span className="flex size-14 items-center justify-center rounded-full bg-red-50 text-red-700 ring-1 ring-red-200">
          <Link2Off aria-hidden="true" className="size-7" />
        </span>
      }
      lead={<p>{t('auth.resetPassword.missingToken')}</p>}
    >
      <Link to="/forgot-password" className={`${buttonClassName('primary', 'lg')} w-full`}>
        {t('auth.resetPassword.requestNewLink')}
      </Link>
    </AuthCard>
  );
}

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token: routeToken } = useParams();
  // Without a token in the route, one kept from this visit (e.g. a reload) still works.
  const [storedToken] = useState(() => readResetValue(resetKeys.token));
  const token = routeToken || storedToken;
  const [linkExpired, setLinkExpired] = useState(false);
  const { form, formError, setFormError, field } = useCheckedForm({
    resolver: zodResolver(ResetPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  // The token is kept while the page is open and removed when it is left.
  useEffect(() => {
    if (!token) return;
    writeResetValue(resetKeys.token, token);
    return () => writeResetValue(resetKeys.token, null);
  }, [token]);

  if (!token) return <InvalidResetLink />;

  const onSubmit = form.handleSubmit(async ({ password, confirmPassword }) => {
    setFormError(null);
    setLinkExpired(false);
    try {
      await resetPassword(token, password, confirmPassword);
    } catch (error) {
      // By its code: the message is in the reader's language.
      if (error instanceof ApiError && error.code === 'auth.reset_token_invalid') {
        setLinkExpired(true);
        setFormError(t('auth.resetPassword.expiredToken'));
      } else {
        setFormError(
          applyServerErrors(
            error,
            form.setError,
            ['password', 'confirmPassword'],
            t('auth.resetPassword.failed'),
          ),
        );
      }
      return;
    }
    writeResetValue(resetKeys.email, null);
    await navigate('/reset-success', { replace: true });
  });

  return (
    <AuthCard
      title={t('auth.resetPassword.title')}
      lead={t('auth.resetPassword.lead')}
      footer={<AuthBackLink to="/login">{t('auth.resetPassword.backToLogin')}</AuthBackLink>}
    >
      <AuthForm
        onSubmit={onSubmit}
        error={
          formError && (
            <>
              <p>{formError}</p>
              {linkExpired && (
                <Link to="/forgot-password" className={`mt-1 inline-block ${authLinkClassName}`}>
                  {t('auth.resetPassword.requestNewLink')}
                </Link>
              )}
            </>
          )
        }
        busy={form.formState.isSubmitting}
        submitLabel={t('auth.resetPassword.submit')}
        busyLabel={t('auth.resetPassword.busy')}
      >
        <PasswordField
          label={t('auth.fields.newPassword')}
          autoComplete="new-password"
          hint={t('auth.fields.passwordHint')}
          {...field('password')}
        />
        <PasswordField
          label={t('auth.fields.confirmPassword')}
          autoComplete="new-password"
          {...field('confirmPassword')}
        />
      </AuthForm>
    </AuthCard>
  );
}
