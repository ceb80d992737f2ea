import '../../../i18n/auth-strings';
import type { InputHTMLAttributes } from 'react';
import { useForm, type FieldError, type FieldValues, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import {
  CompanyRegistrationFormSchema,
  IndividualRegistrationFormSchema,
  type CompanyRegistrationInput,
  type IndividualRegistrationInput,
} from '#shared/schemas/auth-schemas';
import { WideSubmitButton } from '../../../ui/busy-submit-button';
import { FormAlert } from '../../../ui/form-alert';
import { EmailField, TextField } from '../../../ui/form-field';
import { PasswordField } from '../../../ui/password-field';
import { FormSection } from './form-section';
import { useRegistrationSubmit } from './use-registration-submit';

interface ProfileField {
  name: string;
  autoComplete?: InputHTMLAttributes<HTMLInputElement>['autoComplete'];
  /** The phone: typed as one and explained under the field. */
  phone?: boolean;
}

/**
 * The two accounts of docs/product.md, section 3: the same form, with the profile's own fields
 * (sent under `company` or `individual`, labelled `auth.register.<group>.<name>`).
 */
const ACCOUNT_TYPES = {
  company: {
    userType: 'Company',
    schema: CompanyRegistrationFormSchema,
    fields: [
      { name: 'companyName', autoComplete: 'organization' },
      { name: 'responsableName', autoComplete: 'name' },
      { name: 'rc' },
      { name: 'nIf' },
      { name: 'phone', autoComplete: 'tel', phone: true },
      { name: 'address', autoComplete: 'street-address' },
    ],
  },
  individual: {
    userType: 'Individual',
    schema: IndividualRegistrationFormSchema,
    fields: [
      { name: 'fullName', autoComplete: 'name' },
      { name: 'nationalId' },
      { name: 'phone', autoComplete: 'tel', phone: true },
      { name: 'address', autoComplete: 'street-address' },
    ],
  },
} as const satisfies Record<
  string,
  { userType: string; schema: unknown; fields: readonly ProfileField[] }
>;

export type AccountType = keyof typeof ACCOUNT_TYPES;

export function RegistrationForm({ accountType }: { accountType: AccountType }) {
  const { t } = useTranslation();
  const { userType, schema, fields } = ACCOUNT_TYPES[accountType];
  const profilePaths = fields.map((field) => `${accountType}.${field.name}`);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FieldValues>({
    // One form for both schemas: the fields are named from the table above, not typed one by one.
    resolver: zodResolver(schema) as unknown as Resolver<FieldValues>,
    mode: 'onTouched',
    defaultValues: {
      email: '',
      password: '',
      confirmPassword: '',
      userType,
      [accountType]: Object.fromEntries(fields.map((field) => [field.name, ''])),
    },
  });
  const { submit, formError } = useRegistrationSubmit(
    setError,
    ['email', 'password', 'confirmPassword', ...profilePaths],
    t(`auth.register.${accountType}Success`),
  );

  // The confirmation stays on the screen; the server gets the payload of
  // docs/product.md, section 3 (the schema above has checked its shape).
  const onSubmit = handleSubmit(({ confirmPassword: _confirmation, ...payload }) =>
    submit(payload as CompanyRegistrationInput | IndividualRegistrationInput),
  );
  const profileErrors = errors[accountType] as Record<string, FieldError | undefined> | undefined;

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-6">
      <FormAlert>{formError}</FormAlert>
      <FormSection title={t(`auth.register.${accountType}Section`)}>
        {fields.map((field: ProfileField) => (
          <TextField
            key={field.name}
            label={t(`auth.register.${accountType}.${field.name}`)}
            type={field.phone ? 'tel' : 'text'}
            autoComplete={field.autoComplete}
            hint={field.phone ? t('auth.register.phoneHint') : undefined}
            registration={register(`${accountType}.${field.name}`)}
            error={profileErrors?.[field.name]?.message}
          />
        ))}
      </FormSection>
      <FormSection title={t('auth.register.accountSection')}>
        <div className="sm:col-span-2">
          <EmailField
            label={t('auth.fields.email')}
            registration={register('email')}
            error={errors.email?.message as string | undefined}
          />
        </div>
        <PasswordField
          label={t('auth.fields.password')}
          autoComplete="new-password"
          hint={t('auth.fields.passwordHint')}
          registration={register('password')}
          error={errors.password?.message as string | undefined}
        />
        <PasswordField
          label={t('auth.fields.confirmPassword')}
          autoComplete="new-password"
          registration={register('confirmPassword')}
          error={errors.confirmPassword?.message as string | undefined}
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
