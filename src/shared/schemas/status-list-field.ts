import { z } from 'zod';

/** Every status of a list, comma-separated in any spelling, fits with room to spare. */
export const STATUS_FILTER_MAX_LENGTH = 200;

/**
 * `?status=A,B` on a list (docs/product.md, decision 11): comma-separated, read through `normalize`
 * (case, older spellings), each value one of `statuses`; absent or blank means every status.
 */
export function statusListField<const T extends readonly [string, ...string[]]>(
  statuses: T,
  normalize: (value: string) => string,
) {
  return z
    .string()
    .max(STATUS_FILTER_MAX_LENGTH, `status must be ${STATUS_FILTER_MAX_LENGTH} characters or less`)
    .optional()
    .transform((value) => {
      const listed = (value ?? '')
        .split(',')
        .map((status) => status.trim())
        .filter(Boolean)
        .map(normalize);
      return listed.length > 0 ? listed : undefined;
    })
    .pipe(
      z
        .array(z.enum(statuses, { error: `status must be one of ${statuses.join(', ')}` }))
        .optional(),
    );
}
