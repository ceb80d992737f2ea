import { z } from 'zod';
import { util, type $ZodRawIssue } from 'zod/v4/core';
import { messageKey, type MessageKey } from './message-key';

/**
 * Zod's own issues (a wrong type, a string too long, an unknown key) as message keys of the
 * catalogue's `zod.*` codes, read from the issue's fields; a schema's own message (a key) comes
 * first. The English catalogue writes them as zod's English locale does, so English answers are
 * zod's own words; an issue the catalogue has no code for keeps zod's English.
 */
type Issue = $ZodRawIssue;

/** How zod's English locale names a type ('NaN', 'Infinity' for a number that is not finite). */
function typeName(type: string, input?: unknown): string {
  if (type === 'number' && typeof input === 'number' && !Number.isFinite(input)) {
    return String(input);
  }
  return type === 'nan' ? 'NaN' : type;
}

const FORMAT_CODES = {
  uuid: 'zod.invalid_uuid',
  email: 'zod.invalid_email',
  datetime: 'zod.invalid_datetime',
  date: 'zod.invalid_date',
} as const;

function sizeKey(issue: Issue & { code: 'too_big' | 'too_small' }): MessageKey | undefined {
  if (issue.exact) return undefined;
  const big = issue.code === 'too_big';
  const limit = String(big ? issue.maximum : issue.minimum);
  if (issue.origin === 'string' && issue.inclusive) {
    return big
      ? messageKey('zod.string_too_long', { maximum: limit })
      : messageKey('zod.string_too_short', { minimum: limit });
  }
  if (issue.origin !== 'number') return undefined;
  if (big) {
    return messageKey(issue.inclusive ? 'zod.number_too_big' : 'zod.number_too_big_exclusive', {
      maximum: limit,
    });
  }
  return messageKey(issue.inclusive ? 'zod.number_too_small' : 'zod.number_too_small_exclusive', {
    minimum: limit,
  });
}

export function zodIssueKey(issue: Issue): MessageKey | undefined {
  switch (issue.code) {
    case 'invalid_type':
      return messageKey('zod.invalid_type', {
        expected: typeName(issue.expected),
        received: typeName(util.parsedType(issue.input), issue.input),
      });
    case 'invalid_value':
      return issue.values.length === 1
        ? messageKey('zod.invalid_literal', {
            expected: util.stringifyPrimitive(issue.values[0]),
          })
        : messageKey('zod.invalid_option', { options: util.joinValues(issue.values, '|') });
    case 'too_big':
    case 'too_small':
      return sizeKey(issue);
    case 'invalid_format':
      if (issue.format === 'regex' && 'pattern' in issue) {
        return messageKey('zod.invalid_pattern', { pattern: String(issue.pattern) });
      }
      return issue.format in FORMAT_CODES
        ? FORMAT_CODES[issue.format as keyof typeof FORMAT_CODES]
        : undefined;
    case 'not_multiple_of':
      return messageKey('zod.not_multiple_of', { divisor: String(issue.divisor) });
    case 'unrecognized_keys':
      return issue.keys.length > 1
        ? messageKey('zod.unrecognized_keys', { keys: util.joinValues(issue.keys, ', ') })
        : messageKey('zod.unrecognized_key', { keys: util.joinValues(issue.keys, ', ') });
    case 'invalid_union':
      return !(Array.isArray(issue.options) && issue.options.length > 0) &&
        issue.inclusive !== false
        ? 'zod.invalid_input'
        : undefined;
    case 'invalid_key':
    case 'invalid_element':
      return undefined;
    default:
      return 'zod.invalid_input';
  }
}

/**
 * Installed once for the whole process or page by the shared schemas' modules
 * (src/shared/schemas), before any of them parses.
 */
z.config({ customError: zodIssueKey });
