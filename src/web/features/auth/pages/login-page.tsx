import '../../../i18n/auth-strings';
import '../../../i18n/security-strings';
import { lazy, Suspense, useState } from 'react';
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
import { LoadingState } from '../../../ui/spinner';

/**
 * The schema library is a third of what this page downloads and is needed only once a field is
 * checked: it loads when the form is first used (docs/decisions/0006-what-the-landing-page-loads.md).
 */
const loadLoginResolver = () => import('./login-resolver').then((module) => module.loginResolver);

const loginResolver: Resolver<LoginInput> = async (values, context, options) =>
  (await loadLoginResolver())(values, context, options);

/** The code step, for accounts with a second factor only: loaded when one is asked for. */
const CodeStepForm = lazy(() =>
  import('../components/code-step-form').then((module) => ({ default: module.CodeStepForm })),
);

export function LoginPage() {
  const { t } = useTranslation();
  const session = useSession();
  const { form, formError, field, submitWith } = useCheckedForm<LoginInput>({
    resolver: loginResolver,
    defaultValues: { email: '', password: '' },
  });
  // The code step's token once the password was right for an account with a second factor.
  const [mfaToken, setMfaToken] = useState<string | null>(null);

  // Signed in already, or just now: admins to the back office, customers to their dashboard.
  if (session.user) return <Navigate to={homePathFor(session.user)} replace />;

  if (mfaToken) {
    return (
      <AuthCard title={t('security.codeStep.title')}>
        <Suspense fallback={<LoadingState />}>
          <CodeStepForm mfaToken={mfaToken} onStartOver={() => setMfaToken(null)} />
        </Suspense>
      </AuthCard>
    );
  }

  const onSubmit = submitWith(
    ['email', 'password'],
    t('auth.login.failed'),
    async (credentials) => {
      const answer = await session.login(credentials);
      if ('mfaRequired' in answer) setMfaToken(answer.mfaToken);
    },
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
