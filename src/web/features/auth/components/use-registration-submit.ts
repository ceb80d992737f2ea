import '../../../i18n/auth-strings';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type {
  CompanyRegistrationInput,
  IndividualRegistrationInput,
} from '#shared/schemas/auth-schemas';
import { currentLocale } from '../../../i18n/i18n';
import { registerAccount } from '../api/auth-api';
import { applyServerErrors } from '../../../lib/server-errors';

/**
 * Sends a registration; on success shows the alert of docs/product.md, section 8 and goes to /login
 * (the account logs in next), on failure puts the server's errors under the fields.
 */
export function useRegistrationSubmit<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  successMessage: string,
) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (payload: CompanyRegistrationInput | IndividualRegistrationInput) => {
    setFormError(null);
    try {
      // The account starts in the language the visitor signed up in: its mails are in it.
      await registerAccount({ ...payload, locale: currentLocale() });
    } catch (error) {
      setFormError(applyServerErrors(error, setError, fields, t('auth.register.failed')));
      return;
    }
    window.alert(successMessage);
    await navigate('/login');
  };

  return { submit, formError };
}
