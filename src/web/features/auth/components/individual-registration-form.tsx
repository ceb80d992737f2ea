import '../../../i18n/auth-strings';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { IndividualRegistrationFormSchema } from '#shared/schemas/auth-schemas';
import { FormSection } from './form-section';
import { useRegistrationSubmit } from './use-registration-submit';
import { FormAlert } from '../../../ui/form-alert';
import { PasswordField } from '../../../ui/password-field';
import { WideSubmitButton } from '../../../ui/busy-submit-button';
import { TextField } from '../../../ui/form-field';

const fields = [
  'email',
  'password',
  'confirmPassword',
  'individual.fullName',
  'individual.nationalId',
  'individual.phone',
  'individual.address',
] as const;

export function IndividualRegistrationForm() {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(IndividualRegistrationFormSchema),
    mode: 'onTouched',
    defaultValues: {
      email: '',
      password: '',
      confirmPassword: '',
      userType: 'Individual' as const,
      individual: { fullName: '', nationalId: '', phone: '', address: '' },
    },
  });
  const { submit, formError } = useRegistrationSubmit(
    setError,
    fields,
    t('auth.register.individualSuccess'),
  );

  // The confirmation stays on the screen; the server gets the payload of
  // docs/product.md, section 3.
  const onSubmit = handleSubmit(({ confirmPassword: _confirmation, ...payload }) =>
    submit(payload),
  );
  const individualErrors = errors.individual;

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-6">
      {formError && <FormAlert>{formError}</FormAlert>}
      <FormSection title={t('auth.register.individualSection')}>
        <TextField
          label={t('auth.register.individual.fullName')}
          autoComplete="name"
          registration={register('individual.fullName')}
          error={individualErrors?.fullName?.message}
        />
        <TextField
          label={t('auth.register.individual.nationalId')}
          registration={register('individual.nationalId')}
          error={individualErrors?.nationalId?.message}
        />
        <TextField
          label={t('auth.register.individual.phone')}
          type="tel"
          autoComplete="tel"
          hint={t('auth.register.phoneHint')}
          registration={register('individual.phone')}
          error={individualErrors?.phone?.message}
        />
        <TextField
          label={t('auth.register.individual.address')}
          autoComplete="street-address"
          registration={register('individual.address')}
          error={individualErrors?.address?.message}
        />
      </FormSection>
      <FormSection title={t('auth.register.accountSection')}>
        <div className="sm:col-span-2">
          <TextField
            label={t('auth.fields.email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            registration={register('email')}
            error={errors.email?.message}
          />
        </div>
        <PasswordField
          label={t('auth.fields.password')}
          autoComplete="new-password"
          hint={t('auth.fields.passwordHint')}
          registration={register('password')}
          error={errors.password?.message}
        />
        <PasswordField
          label={t('auth.fields.confirmPassword')}
          autoComplete="new-password"
          registration={register('confirmPassword')}
          error={errors.confirmPassword?.message}
        />
      </FormSection>
      <WideSubmitButton
        busy={isSubmitting}
        label={t('auth.register.submit')}
        busyLabel={t('auth.register.busy')}
      />
    </form>
  );
}
