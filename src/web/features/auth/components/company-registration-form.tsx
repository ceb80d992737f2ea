import '../../../i18n/auth-strings';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { CompanyRegistrationFormSchema } from '#shared/schemas/auth-schemas';
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
  'company.companyName',
  'company.responsableName',
  'company.rc',
  'company.nIf',
  'company.phone',
  'company.address',
] as const;

export function CompanyRegistrationForm() {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(CompanyRegistrationFormSchema),
    mode: 'onTouched',
    defaultValues: {
      email: '',
      password: '',
      confirmPassword: '',
      userType: 'Company' as const,
      company: { companyName: '', responsableName: '', rc: '', nIf: '', phone: '', address: '' },
    },
  });
  const { submit, formError } = useRegistrationSubmit(
    setError,
    fields,
    t('auth.register.companySuccess'),
  );

  // The confirmation stays on the screen; the server gets the payload of
  // docs/product.md, section 3.
  const onSubmit = handleSubmit(({ confirmPassword: _confirmation, ...payload }) =>
    submit(payload),
  );
  const companyErrors = errors.company;

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-6">
      {formError && <FormAlert>{formError}</FormAlert>}
      <FormSection title={t('auth.register.companySection')}>
        <TextField
          label={t('auth.register.company.companyName')}
          autoComplete="organization"
          registration={register('company.companyName')}
          error={companyErrors?.companyName?.message}
        />
        <TextField
          label={t('auth.register.company.responsableName')}
          autoComplete="name"
          registration={register('company.responsableName')}
          error={companyErrors?.responsableName?.message}
        />
        <TextField
          label={t('auth.register.company.rc')}
          registration={register('company.rc')}
          error={companyErrors?.rc?.message}
        />
        <TextField
          label={t('auth.register.company.nIf')}
          registration={register('company.nIf')}
          error={companyErrors?.nIf?.message}
        />
        <TextField
          label={t('auth.register.company.phone')}
          type="tel"
          autoComplete="tel"
          hint={t('auth.register.phoneHint')}
          registration={register('company.phone')}
          error={companyErrors?.phone?.message}
        />
        <TextField
          label={t('auth.register.company.address')}
          autoComplete="street-address"
          registration={register('company.address')}
          error={companyErrors?.address?.message}
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
