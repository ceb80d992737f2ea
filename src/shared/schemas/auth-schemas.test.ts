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
    [LoginSchema, { email: 'x', password: 'secret1' }, 'email', 'Please enter a valid email'],
    [LoginSchema, { password: 'secret1' }, 'email', 'Required'],
    [LoginSchema, { email: '', password: 'secret1' }, 'email', 'Required'],
    [LoginSchema, { email: 'a@b.ma', password: '12345' }, 'password', 'Password is too short'],
    [LoginSchema, { email: 'a@b.ma' }, 'password', 'Password is required'],
    [LoginSchema, { email: 'a@b.ma', password: '' }, 'password', 'Password is required'],
    // Forgot password
    [ForgotPasswordSchema, { email: 'a@' }, 'email', 'Please enter a valid email'],
    [ForgotPasswordSchema, {}, 'email', 'Required'],
    // Reset
    [
      ResetPasswordSchema,
      { password: 'Ab1@', confirmPassword: 'Ab1@' },
      'password',
      'Password is too short',
    ],
    [
      ResetPasswordSchema,
      { password: 'abcdefgh', confirmPassword: 'abcdefgh' },
      'password',
      'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character',
    ],
    [ResetPasswordSchema, { confirmPassword: STRONG }, 'password', 'Password is required'],
    [
      ResetPasswordSchema,
      { password: STRONG, confirmPassword: 'Other@2026' },
      'confirmPassword',
      'Passwords must match',
    ],
    [ResetPasswordSchema, { password: STRONG }, 'confirmPassword', 'Please confirm your password'],
    // Company
    [
      CompanyRegistrationFormSchema,
      withCompany({ companyName: 'A' }),
      'company.companyName',
      'Company name is too short',
    ],
    [
      CompanyRegistrationFormSchema,
      withCompany({ companyName: '' }),
      'company.companyName',
      'Company name is required',
    ],
    [
      CompanyRegistrationFormSchema,
      withCompany({ rc: '' }),
      'company.rc',
      'Registration number is required',
    ],
    [
      CompanyRegistrationFormSchema,
      withCompany({ nIf: ' ' }),
      'company.nIf',
      'Tax identification number is required',
    ],
    [
      CompanyRegistrationFormSchema,
      withCompany({ phone: '+21266' }),
      'company.phone',
      'Phone number is not valid',
    ],
    [
      CompanyRegistrationFormSchema,
      withCompany({ phone: '+2126612345678901' }),
      'company.phone',
      'Phone number is not valid',
    ],
    [
      CompanyRegistrationFormSchema,
      withCompany({ phone: '' }),
      'company.phone',
      'Company phone number is required',
    ],
    [
      CompanyRegistrationFormSchema,
      withCompany({ address: '' }),
      'company.address',
      'Company address is required',
    ],
    [
      CompanyRegistrationFormSchema,
      withCompany({ responsableName: 'Al' }),
      'company.responsableName',
      'Responsible person name is too short',
    ],
    [
      CompanyRegistrationFormSchema,
      withCompany({ responsableName: '' }),
      'company.responsableName',
      'Responsible person name is required',
    ],
    [
      CompanyRegistrationFormSchema,
      { ...company, email: 'bad' },
      'email',
      'Please enter a valid email',
    ],
    [CompanyRegistrationFormSchema, omit(company, 'email'), 'email', 'Required'],
    [
      CompanyRegistrationFormSchema,
      { ...company, confirmPassword: 'x' },
      'confirmPassword',
      'Passwords must match',
    ],
    // Individual
    [
      IndividualRegistrationFormSchema,
      withIndividual({ fullName: 'Al' }),
      'individual.fullName',
      'Full name must be at least 3 characters',
    ],
    [
      IndividualRegistrationFormSchema,
      withIndividual({ fullName: 'x'.repeat(26) }),
      'individual.fullName',
      'Must be 25 characters or less',
    ],
    [
      IndividualRegistrationFormSchema,
      withIndividual({ fullName: '' }),
      'individual.fullName',
      'Full name is required',
    ],
    [
      IndividualRegistrationFormSchema,
      withIndividual({ nationalId: '' }),
      'individual.nationalId',
      'National ID is required',
    ],
    [
      IndividualRegistrationFormSchema,
      withIndividual({ phone: 'phone' }),
      'individual.phone',
      'Phone number is not valid',
    ],
    [
      IndividualRegistrationFormSchema,
      withIndividual({ phone: '' }),
      'individual.phone',
      'Phone number is required',
    ],
    [
      IndividualRegistrationFormSchema,
      withIndividual({ address: '' }),
      'individual.address',
      'Address is required',
    ],
    [
      IndividualRegistrationFormSchema,
      { ...individual, email: 'x@' },
      'email',
      'Please enter a valid email',
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
    [undefined, 'Password is required'],
    ['', 'Password is required'],
    ['Aa1!x', 'Password is too short'],
    [`Aa1!${'x'.repeat(125)}`, 'Password is too long'],
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
    expect(first({ newPassword: STRONG }, 'currentPassword')).toBe('Current password is required');
    expect(first({ currentPassword: '', newPassword: STRONG }, 'currentPassword')).toBe(
      'Current password is required',
    );
    expect(first({ currentPassword: 'old-one', newPassword: 'weak' }, 'newPassword')).toBe(
      'Password is too short',
    );
    expect(first({ currentPassword: STRONG, newPassword: STRONG }, 'newPassword')).toBe(
      'The new password must be different from the current one',
    );
    expect(
      ChangePasswordSchema.safeParse({ currentPassword: 'abcdef', newPassword: STRONG }).success,
    ).toBe(true);
  });

  it('the form also checks the confirmation', () => {
    const value = { currentPassword: 'abcdef', newPassword: STRONG, confirmPassword: 'Other#26' };
    expect(firstMessage(ChangePasswordFormSchema, value, 'confirmPassword')).toBe(
      'Passwords must match',
    );
    expect(ChangePasswordFormSchema.safeParse({ ...value, confirmPassword: STRONG }).success).toBe(
      true,
    );
  });
});
