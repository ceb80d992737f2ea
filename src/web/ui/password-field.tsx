import '../i18n/auth-strings';
import { useState, type InputHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Eye, EyeOff } from 'lucide-react';
import { FormField } from './form-field';
import { inputClassName } from './input-styles';

interface PasswordFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'name' | 'onChange' | 'onBlur' | 'ref' | 'className' | 'type'
> {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  hint?: string;
}

/** A password input with a show/hide toggle, in the one FormField. */
export function PasswordField({ label, registration, error, hint, ...input }: PasswordFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  return (
    <FormField label={label} hint={hint} error={error}>
      {(control) => (
        <div className="relative">
          <input
            {...control}
            {...input}
            {...registration}
            type={visible ? 'text' : 'password'}
            className={`${inputClassName(Boolean(error))} pe-12`}
          />
          <button
            type="button"
            onClick={() => setVisible((shown) => !shown)}
            aria-label={visible ? t('auth.fields.hidePassword') : t('auth.fields.showPassword')}
            className="absolute end-0 top-1.5 bottom-0 flex w-11 items-center justify-center rounded-lg text-slate-500 hover:text-slate-800"
          >
            <Icon aria-hidden="true" className="size-5" />
          </button>
        </div>
      )}
    </FormField>
  );
}
