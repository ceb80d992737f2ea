import { z } from 'zod';
import { messageKey } from '../i18n/message-key';
import '../i18n/zod-messages';

/** Every status of a list, comma-separated in any spelling, fits with room to spare. */
export const STATUS_FILTER_MAX_LENGTH = 200;

/**
 * `?status=A,B` on a list (docs/product.md, decision 11): comma-separated or repeated
 * (`?status=A&status=B`), read through `normalize` (case, older spellings), each value one of
 * `statuses`; absent or blank means every status. The set is canonical, each status once in the
 * order of `statuses`, so that one set is one list and one prepared statement
 * (docs/decisions/0018-lists-streams-cash-positions.md).
 */
export function statusListField<const T extends readonly [string, ...string[]]>(
  statuses: T,
  normalize: (value: string) => string,
) {
  const tooLong = messageKey('request.param_too_long', {
    param: 'status',
    max: STATUS_FILTER_MAX_LENGTH,
  });
  return z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value) => (Array.isArray(value) ? value.join(',') : value))
    .pipe(z.string().max(STATUS_FILTER_MAX_LENGTH, tooLong).optional())
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
        .array(
          z.enum(statuses, {
            error: messageKey('request.param_not_one_of', {
              param: 'status',
              values: statuses.join(', '),
            }),
          }),
        )
        .optional(),
    )
    .transform((listed) =>
      listed
        ? statuses.filter((status): status is T[number] => listed.includes(status))
        : undefined,
    );
}
