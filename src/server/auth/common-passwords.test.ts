import { dictionary } from '@zxcvbn-ts/language-common';
import { describe, expect, it } from 'vitest';
import { NewPasswordSchema } from '#shared/schemas/auth-schemas';
import { COMMON_PASSWORD_COUNT, isCommonPassword } from './common-passwords';

describe('isCommonPassword', () => {
  it.each([
    'password',
    'PASSWORD',
    'Password1!',
    'Qwerty123!',
    'Azerty123!',
    'Sahara@2026',
    '!!Password!!',
    '  letmein  ',
    'Iloveyou#2024',
  ])('refuses %j: a listed word with a capital and digits or symbols around it', (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  it.each(['Sahara@Dunes26', 'Casa Blanca 7!', 'Été à Fès 2026', 'Pass1word!', 'كلمة سر Aa1!'])(
    'accepts %j',
    (password) => {
      expect(isCommonPassword(password)).toBe(false);
    },
  );

  it('holds the first 10 000 of the ranked list, not the rest', () => {
    const ranked = dictionary['passwords-common'];
    expect(isCommonPassword(ranked[0]!)).toBe(true);
    expect(isCommonPassword(ranked[COMMON_PASSWORD_COUNT - 1]!)).toBe(true);
    const beyond = ranked
      .slice(COMMON_PASSWORD_COUNT)
      .find(
        (word) => /^\p{L}+$/u.test(word) && !ranked.slice(0, COMMON_PASSWORD_COUNT).includes(word),
      );
    expect(beyond).toBeDefined();
    expect(isCommonPassword(beyond!)).toBe(false);
  });

  it('still leaves strong passwords that pass the rule to be chosen', () => {
    for (const password of ['Sahara@Dunes26', 'Casa Blanca 7!', 'Été à Fès 2026']) {
      expect(NewPasswordSchema.safeParse(password).success).toBe(true);
    }
  });
});
