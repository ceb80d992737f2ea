import '../../../i18n/auth-strings';
import { Link, Navigate } from 'react-router';
import type { Resolver } from 'react-hook-form';
import { AuthForm } from '../../../ui/auth-form';
import { useTranslation } from 'react-i18next';
import type { LoginInput } from '#shared/schemas/auth-schemas';
import { AuthCard, authLinkClassName } from '../../../ui/auth-card';
import { useCheckedForm } from '../../../ui/use-checked-form';
import { homePathFor, useSession } from '../../../lib/session/session-context';
import { PasswordField } from '../../../ui/password-field';
import { EmailField } from '../../../ui/form-field';

/**
 * The schema library is a third of what this page downloads and is needed only once a field is
 * checked: it loads when the form is first used (docs/decisions/0006-what-the-landing-page-loads.md).
 */
const loadLoginResolver = () => import('./login-resolver').then((module) => module.loginResolver);

const loginResolver: Resolver<LoginInput> = async (values, context, options) =>
  (await loadLoginResolver())(values, context, options);

export function LoginPage() {
  const { t } = useTranslation();
  const session = useSession();
  const { form, formError, field, submitWith } = useCheckedForm<LoginInput>({
    resolver: loginResolver,
    defaultValues: { email: '', password: '' },
  });

  // Signed in already, or just now: admins to the back office, customers to their dashboard.
  if (session.user) return <Navigate to={homePathFor(session.user)} replace />;

  const onSubmit = submitWith(['email', 'password'], t('auth.login.failed'), (credentials) =>
    session.login(credentials),
  );

  return (
    <AuthCard
      title={t('auth.login.title')}
      lead={t('auth.login.lead')}
      footer={
        <>
          {t('auth.login.noAccount')}{' '}
          <Link to="/register" className={authLinkClassName}>
            {t('auth.login.signUp')}
          </Link>
        </>
      }
    >
      <AuthForm
        onSubmit={onSubmit}
        // The checks are fetched as soon as the visitor turns to the form.
        onFocus={() => void loadLoginResolver()}
        error={formError}
        busy={form.formState.isSubmitting}
        submitLabel={t('auth.login.submit')}
        busyLabel={t('auth.login.busy')}
        after={
          <p className="text-center text-sm">
            <Link to="/driver/login" className={authLinkClassName}>
              {t('auth.login.driverLink')}
            </Link>
          </p>
        }
      >
        <EmailField label={t('auth.fields.email')} {...field('email')} />
        <div>
          <PasswordField
            label={t('auth.fields.password')}
            autoComplete="current-password"
            {...field('password')}
          />
          <div className="mt-2 text-end text-sm">
            <Link to="/forgot-password" className={authLinkClassName}>
              {t('auth.login.forgotPassword')}
            </Link>
          </div>
        </div>
      </AuthForm>
    </AuthCard>
  );
}
