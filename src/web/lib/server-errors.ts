import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Puts the server's field errors (`{ 'company.phone': message }`) under the matching fields
 * and returns the message for the whole form: the server's, or the fallback.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  fallback: string,
): string {
  if (!(error instanceof ApiError)) return fallback;
  for (const [field, message] of Object.entries(error.errors ?? {})) {
    const known = fields.find((name) => name === field);
    if (known) setError(known, { type: 'server', message });
  }
  return error.message || fallback;
}
