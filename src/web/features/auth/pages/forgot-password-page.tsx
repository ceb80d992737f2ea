import '../../../i18n/auth-strings';
import { useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { AuthBackLink, AuthForm } from '../../../ui/auth-form';
import { useTranslation } from 'react-i18next';
import { ForgotPasswordSchema } from '#shared/schemas/auth-schemas';
import { requestPasswordReset } from '../api/auth-api';
import { AuthCard } from '../../../ui/auth-card';
import { useCheckedForm } from '../../../ui/use-checked-form';
import { resetKeys, writeResetValue } from '../reset-storage';
import { EmailField } from '../../../ui/form-field';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { form, formError, field, submitWith } = useCheckedForm({
    resolver: zodResolver(ForgotPasswordSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = submitWith(['email'], t('auth.forgotPassword.failed'), async ({ email }) => {
    const { message } = await requestPasswordReset({ email });
    window.alert(message || t('auth.forgotPassword.success'));
    writeResetValue(resetKeys.email, email);
    await navigate('/check-email', { state: { email } });
  });

  return (
    <AuthCard
      title={t('auth.forgotPassword.title')}
      lead={t('auth.forgotPassword.lead')}
      footer={<AuthBackLink to="/login">{t('auth.forgotPassword.backToLogin')}</AuthBackLink>}
    >
      <AuthForm
        onSubmit={onSubmit}
        error={formError}
        busy={form.formState.isSubmitting}
        submitLabel={t('auth.forgotPassword.submit')}
        busyLabel={t('auth.forgotPassword.busy')}
      >
        <EmailField label={t('auth.fields.email')} {...field('email')} />
      </AuthForm>
    </AuthCard>
  );
}
