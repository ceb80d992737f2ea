import '../../../i18n/auth-strings';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { AuthBackLink, AuthForm } from '../../../ui/auth-form';
import { useTranslation } from 'react-i18next';
import { ForgotPasswordSchema } from '#shared/schemas/auth-schemas';
import { requestPasswordReset } from '../api/auth-api';
import { AuthCard } from '../../../ui/auth-card';
import { applyServerErrors } from '../../../lib/server-errors';
import { resetKeys, writeResetValue } from '../reset-storage';
import { EmailField } from '../../../ui/form-field';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(ForgotPasswordSchema),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    setFormError(null);
    let message: string;
    try {
      ({ message } = await requestPasswordReset({ email }));
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['email'], t('auth.forgotPassword.failed')));
      return;
    }
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
        busy={isSubmitting}
        submitLabel={t('auth.forgotPassword.submit')}
        busyLabel={t('auth.forgotPassword.busy')}
      >
        <EmailField
          label={t('auth.fields.email')}
          registration={register('email')}
          error={errors.email?.message}
        />
      </AuthForm>
    </AuthCard>
  );
}
