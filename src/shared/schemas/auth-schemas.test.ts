import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ChangePasswordFormSchema,
  ChangePasswordSchema,
  CompanyRegistrationFormSchema,
  ForgotPasswordSchema,
  IndividualRegistrationFormSchema,
  LoginSchema,
  NewPasswordSchema,
  RegistrationSchema,
  ResetPasswordSchema,
  STRONG_PASSWORD_MESSAGE,
} from './auth-schemas';

const STRONG = 'Sahara@Dunes26';
const company = {
  email: 'ops@souss.ma',
  password: STRONG,
  confirmPassword: STRONG,
  userType: 'Company' as const,
  company: {
    companyName: 'Souss Logistique',
    rc: 'RC-1',
    nIf: 'IF-1',
    responsableName: 'Youssef',
    phone: '+212661234567',
    address: 'Agadir',
  },
};
const individual = {
  email: 'salma@example.ma',
  password: STRONG,
  confirmPassword: STRONG,
  userType: 'Individual' as const,
  individual: {
    fullName: 'Salma Benali',
    nationalId: 'JB1',
    phone: '0661234567',
    address: 'Rabat',
  },
};

/** The first message zod gives for a field: what the form and the API show. */
function firstMessage(schema: z.ZodType, value: unknown, field: string): string | undefined {
  const result = schema.safeParse(value);
  if (result.success) return undefined;
  return result.error.issues.find((issue) => issue.path.join('.') === field)?.message;
}

const withCompany = (fields: Partial<typeof company.company>) => ({
  ...company,
  company: { ...company.company, ...fields },
});
const withIndividual = (fields: Partial<typeof individual.individual>) => ({
  ...individual,
  individual: { ...individual.individual, ...fields },
});
const omit = <T extends object>(value: T, key: keyof T) => {
  const copy = { ...value };
  delete copy[key];
  return copy;
};

describe('docs/product.md, section 5 messages', () => {
  it.each([
    // Login
    [LoginSchema, { email: 'x', password: 'secret1' }, 'email', 'validation.email_invalid'],
    [LoginSchema, { password: 'secret1' }, 'email', 'validation.required'],
    [LoginSchema, { email: '', password: 'secret1' }, 'email', 'validation.required'],
    [
      LoginSchema,
      { email: 'a@b.ma', password: '12345' },
      'password',
      'validation.password_too_short',
    ],
    [LoginSchema, { email: 'a@b.ma' }, 'password', 'validation.password_required'],
    [LoginSchema, { email: 'a@b.ma', password: '' }, 'password', 'validation.password_required'],
    // Forgot password
    [ForgotPasswordSchema, { email: 'a@' }, 'email', 'validation.email_invalid'],
    [ForgotPasswordSchema, {}, 'email', 'validation.required'],
    // Reset
    [
      ResetPasswordSchema,
      { password: 'Ab1@', confirmPassword: 'Ab1@' },
      'password',
      'validation.password_too_short',
    ],
    [
      ResetPasswordSchema,
      { password: 'abcdefgh', confirmPassword: 'abcdefgh' },
      'password',
      'validation.password_weak',
    ],
    [ResetPasswordSchema, { confirmPassword: STRONG }, 'password', 'validation.password_required'],
    [
      ResetPasswordSchema,
      { password: STRONG, confirmPassword: 'Other@2026' },
      'confirmPassword',
      'validation.passwords_must_match',
    ],
    [
      ResetPasswordSchema,
      { password: STRONG },
      'confirmPassword',
      'validation.confirm_password_required',
    ],
    // Company
    [
      CompanyRegistrationFormSchema,
      withCompany({ companyName: 'A' }),
      'company.companyName',
      'validation.company_name_too_short',
    ],
    [
      CompanyRegistrationFormSchema,
      withCompany({ companyName: '' }),
      'company.companyName',
      'validation.company_name_required',
    ],
    [
      CompanyRegistrationFormSchema,
      withCompany({ rc: '' }),
      'company.rc',
      'validation.rc_required',
    ],
    [
      CompanyRegistrationFormSchema,
      withCompany({ nIf: ' ' }),
      'company.nIf',
      'validation.nif_required',
    ],
    [
      CompanyRegistrationFormSchema,
      withCompany({ phone: '+21266' }),
      'company.phone',
      'validation.phone_invalid',
    ],
    [
      CompanyRegistrationFormSchema,
      withCompany({ phone: '+2126612345678901' }),
      'company.phone',
      'validation.phone_invalid',
    ],
    [
      CompanyRegistrationFormSchema,
      withCompany({ phone: '' }),
      'company.phone',
      'validation.company_phone_required',
    ],
    [
      CompanyRegistrationFormSchema,
      withCompany({ address: '' }),
      'company.address',
      'validation.company_address_required',
    ],
    [
      CompanyRegistrationFormSchema,
      withCompany({ responsableName: 'Al' }),
      'company.responsableName',
      'validation.responsible_name_too_short',
    ],
    [
      CompanyRegistrationFormSchema,
      withCompany({ responsableName: '' }),
      'company.responsableName',
      'validation.responsible_name_required',
    ],
    [
      CompanyRegistrationFormSchema,
      { ...company, email: 'bad' },
      'email',
      'validation.email_invalid',
    ],
    [CompanyRegistrationFormSchema, omit(company, 'email'), 'email', 'validation.required'],
    [
      CompanyRegistrationFormSchema,
      { ...company, confirmPassword: 'x' },
      'confirmPassword',
      'validation.passwords_must_match',
    ],
    // Individual
    [
      IndividualRegistrationFormSchema,
      withIndividual({ fullName: 'Al' }),
      'individual.fullName',
      'validation.full_name_too_short',
    ],
    [
      IndividualRegistrationFormSchema,
      withIndividual({ fullName: 'x'.repeat(26) }),
      'individual.fullName',
      'validation.too_long?max=25',
    ],
    [
      IndividualRegistrationFormSchema,
      withIndividual({ fullName: '' }),
      'individual.fullName',
      'validation.full_name_required',
    ],
    [
      IndividualRegistrationFormSchema,
      withIndividual({ nationalId: '' }),
      'individual.nationalId',
      'validation.national_id_required',
    ],
    [
      IndividualRegistrationFormSchema,
      withIndividual({ phone: 'phone' }),
      'individual.phone',
      'validation.phone_invalid',
    ],
    [
      IndividualRegistrationFormSchema,
      withIndividual({ phone: '' }),
      'individual.phone',
      'validation.phone_required',
    ],
    [
      IndividualRegistrationFormSchema,
      withIndividual({ address: '' }),
      'individual.address',
      'validation.address_required',
    ],
    [
      IndividualRegistrationFormSchema,
      { ...individual, email: 'x@' },
      'email',
      'validation.email_invalid',
    ],
  ])('%#: %o → %s: %s', (schema, value, field, message) => {
    expect(firstMessage(schema as z.ZodType, value, field)).toBe(message);
  });
});

describe('accepted values', () => {
  it('accepts both registration payloads and normalises them', () => {
    expect(CompanyRegistrationFormSchema.parse(company).email).toBe('ops@souss.ma');
    const parsed = RegistrationSchema.parse({
      ...omit(individual, 'confirmPassword'),
      email: '  Salma@Example.MA ',
      individual: { ...individual.individual, fullName: '  Salma Benali ' },
    });
    expect(parsed.email).toBe('salma@example.ma');
    expect('individual' in parsed && parsed.individual.fullName).toBe('Salma Benali');
  });

  it('accepts the phone pattern: optional + and 10 to 14 digits', () => {
    for (const phone of ['0661234567', '+212661234567', '12345678901234']) {
      expect(
        firstMessage(CompanyRegistrationFormSchema, withCompany({ phone }), 'company.phone'),
      ).toBeUndefined();
    }
  });

  it('accepts exactly 3 and 25 characters of full name and the admin@localhost login', () => {
    expect(
      firstMessage(
        IndividualRegistrationFormSchema,
        withIndividual({ fullName: 'Ali' }),
        'individual.fullName',
      ),
    ).toBeUndefined();
    expect(
      firstMessage(
        IndividualRegistrationFormSchema,
        withIndividual({ fullName: 'x'.repeat(25) }),
        'individual.fullName',
      ),
    ).toBeUndefined();
    expect(LoginSchema.safeParse({ email: 'admin@localhost', password: 'whatever1' }).success).toBe(
      true,
    );
  });
});

describe('the password rule (docs/decisions/0011-hardening.md)', () => {
  const messageFor = (password: unknown) =>
    NewPasswordSchema.safeParse(password).error?.issues[0]?.message;

  it.each([
    'Sahara Dunes 26',
    'Sahara#Dunes26',
    'Sahara-Dunes26',
    'Été à Fès 2026',
    'Ünïcode€Pass9',
    'كلمة سر Aa1!',
    'Casa\tBlanca7',
    `Aa1!${'x'.repeat(124)}`,
  ])('accepts %j: any character, the classes in any script', (password) => {
    expect(messageFor(password)).toBeUndefined();
  });

  it.each([
    [undefined, 'validation.password_required'],
    ['', 'validation.password_required'],
    ['Aa1!x', 'validation.password_too_short'],
    [`Aa1!${'x'.repeat(125)}`, 'validation.password_too_long'],
    ['Aa1!xyz', STRONG_PASSWORD_MESSAGE],
    ['sahara dunes 26', STRONG_PASSWORD_MESSAGE],
    ['SAHARA DUNES 26', STRONG_PASSWORD_MESSAGE],
    ['Sahara Dunes', STRONG_PASSWORD_MESSAGE],
    ['SaharaDunes26', STRONG_PASSWORD_MESSAGE],
    ['كلمة سر طويلة 1!', STRONG_PASSWORD_MESSAGE],
  ])('refuses %j: %s', (password, message) => {
    expect(messageFor(password)).toBe(message);
  });

  it('leaves old passwords to log in with: only their length is checked', () => {
    expect(LoginSchema.safeParse({ email: 'a@b.ma', password: 'abcdef' }).success).toBe(true);
  });
});

describe('changing the password', () => {
  it('needs the current password and a new one that follows the rule and differs', () => {
    const first = (value: unknown, field: string) =>
      firstMessage(ChangePasswordSchema, value, field);
    expect(first({ newPassword: STRONG }, 'currentPassword')).toBe(
      'validation.current_password_required',
    );
    expect(first({ currentPassword: '', newPassword: STRONG }, 'currentPassword')).toBe(
      'validation.current_password_required',
    );
    expect(first({ currentPassword: 'old-one', newPassword: 'weak' }, 'newPassword')).toBe(
      'validation.password_too_short',
    );
    expect(first({ currentPassword: STRONG, newPassword: STRONG }, 'newPassword')).toBe(
      'validation.password_same_as_current',
    );
    expect(
      ChangePasswordSchema.safeParse({ currentPassword: 'abcdef', newPassword: STRONG }).success,
    ).toBe(true);
  });

  it('the form also checks the confirmation', () => {
    const value = { currentPassword: 'abcdef', newPassword: STRONG, confirmPassword: 'Other#26' };
    expect(firstMessage(ChangePasswordFormSchema, value, 'confirmPassword')).toBe(
      'validation.passwords_must_match',
    );
    expect(ChangePasswordFormSchema.safeParse({ ...value, confirmPassword: STRONG }).success).toBe(
      true,
    );
  });
});
