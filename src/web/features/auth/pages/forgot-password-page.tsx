import '../../../i18n/auth-strings';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { ArrowLeft } from 'lucide-react';
import { ForgotPasswordSchema } from '#shared/schemas/auth-schemas';
import { requestPasswordReset } from '../api/auth-api';
import { AuthCard, authLinkClassName } from '../../../ui/auth-card';
import { applyServerErrors } from '../../../lib/server-errors';
import { resetKeys, writeResetValue } from '../reset-storage';
import { FormAlert } from '../../../ui/form-alert';
import { WideSubmitButton } from '../../../ui/busy-submit-button';
import { TextField } from '../../../ui/form-field';

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
      footer={
        <Link to="/login" className={`inline-flex items-center gap-1.5 ${authLinkClassName}`}>
          <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
          {t('auth.forgotPassword.backToLogin')}
        </Link>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        {formError && <FormAlert>{formError}</FormAlert>}
        <TextField
          label={t('auth.fields.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          registration={register('email')}
          error={errors.email?.message}
        />
        <WideSubmitButton
          busy={isSubmitting}
          label={t('auth.forgotPassword.submit')}
          busyLabel={t('auth.forgotPassword.busy')}
        />
      </form>
    </AuthCard>
  );
}
