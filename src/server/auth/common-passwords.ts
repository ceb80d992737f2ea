/**
 * The passwords people choose most often: the first 10 000 of zxcvbn's frequency-ranked list.
 * Server only, so the ~49 000-word list never reaches the web bundle.
 */
import { dictionary } from '@zxcvbn-ts/language-common';

export const COMMON_PASSWORD_COUNT = 10_000;

let commonPasswords: Set<string> | undefined;

/** Built on first use: a server that never checks a password does not hold the set. */
function loadCommonPasswords(): Set<string> {
  commonPasswords ??= new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORD_COUNT));
  return commonPasswords;
}

const EDGE_NON_ALPHANUMERICS = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;
const TRAILING_DIGITS_AND_SYMBOLS = /[^\p{L}]+$/u;

/**
 * The forms of a password that the list is checked against: the rule's required capital, digit
 * and symbol are most often stuck on a common word ("Password1!", "Qwerty123!", "Azerty123!").
 */
function candidateWords(password: string): string[] {
  const lower = password.toLowerCase();
  return [
    lower,
    lower.replace(EDGE_NON_ALPHANUMERICS, ''),
    lower.replace(TRAILING_DIGITS_AND_SYMBOLS, ''),
  ];
}

export function isCommonPassword(password: string): boolean {
  const common = loadCommonPasswords();
  return candidateWords(password).some((word) => word !== '' && common.has(word));
}
