import { z } from 'zod';
import { messageKey } from '../i18n/message-key';
import '../i18n/zod-messages';

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
    .max(
      STATUS_FILTER_MAX_LENGTH,
      messageKey('request.param_too_long', { param: 'status', max: STATUS_FILTER_MAX_LENGTH }),
    )
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
        .array(
          z.enum(statuses, {
            error: messageKey('request.param_not_one_of', {
              param: 'status',
              values: statuses.join(', '),
            }),
          }),
        )
        .optional(),
    );
}
