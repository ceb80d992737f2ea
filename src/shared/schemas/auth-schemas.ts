/**
 * Account payloads with the exact messages of docs/product.md, section 5. The server validates
 * requests with these; the forms validate with the same schemas through zodResolver.
 */
import { z } from 'zod';
import { isLocale, LOCALES, type Locale } from '../i18n/locales';

/** A text field that must be present and not blank, trimmed first. */
export const requiredText = (requiredMessage: string) =>
  z.string({ error: requiredMessage }).trim().min(1, requiredMessage);

export const EmailSchema = z
  .string({ error: 'Required' })
  .trim()
  .toLowerCase()
  .min(1, 'Required')
  .pipe(
    z
      // The HTML5 rule browsers use: it also admits the generated admin@localhost.
      .email({ pattern: z.regexes.html5Email, error: 'Please enter a valid email' })
      // The longest address mail delivers (RFC 5321). Inside the pipe: a failure before it
      // aborts, and a new driver's optional email (a union) would then say only "Invalid input".
      .max(254, 'Must be 254 characters or less'),
  );

/**
 * docs/decisions/0011-hardening.md: at least 8 characters with a lower-case and an upper-case
 * letter, a digit and a special character, in any script; "special" is anything that is neither
 * a letter nor a digit (a space, #, -, €…). Any other character is allowed too (Arabic letters,
 * accents), so a passphrase is never refused for its alphabet.
 */
export const STRONG_PASSWORD_PATTERN =
  /^(?=.*\p{Ll})(?=.*\p{Lu})(?=.*\p{Nd})(?=.*[^\p{L}\p{Nd}]).{8,}$/su;
export const STRONG_PASSWORD_MESSAGE =
  'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character';

/** Login only checks the length: older accounts may predate the stronger rule. */
export const LoginPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(6, 'Password is too short')
  .max(128, 'Password is too long');

/** A password being chosen (sign-up, reset, change); the server also refuses common ones. */
export const NewPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(6, 'Password is too short')
  .max(128, 'Password is too long')
  .regex(STRONG_PASSWORD_PATTERN, STRONG_PASSWORD_MESSAGE);

export const PHONE_PATTERN = /^\+?\d{10,14}$/;
/** PHONE_PATTERN's longest number is 15 characters; a longer text fails before the pattern runs. */
export const PHONE_MAX_LENGTH = 20;
const phone = (requiredMessage: string) =>
  requiredText(requiredMessage)
    .max(PHONE_MAX_LENGTH, 'Phone number is not valid')
    .regex(PHONE_PATTERN, 'Phone number is not valid');

const LOCALE_MESSAGE = 'Language must be English, French or Arabic';
/**
 * One of the product's languages (docs/decisions/0010-languages.md). A check rather than
 * z.enum: a registration is a union whose failures are reported under the branch the client
 * meant, told by having no `invalid_value` issue (src/server/http/errors.ts), and an enum's
 * failure is one, so a wrong language would read as a wrong userType.
 */
export const LocaleSchema = z
  .string({ error: LOCALE_MESSAGE })
  .refine((value): value is Locale => isLocale(value), { error: LOCALE_MESSAGE })
  .meta({ enum: [...LOCALES] });

export const LoginSchema = z.object({
  email: EmailSchema,
  password: LoginPasswordSchema,
});
export type LoginInput = z.infer<typeof LoginSchema>;

export const ForgotPasswordSchema = z.object({ email: EmailSchema });
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordSchema>;

const confirmPasswordField = z
  .string({ error: 'Please confirm your password' })
  .min(1, 'Please confirm your password');

/** Adds the "Passwords must match" rule to any schema with password and confirmPassword. */
const withMatchingPasswords = <T extends z.ZodType<{ password: string; confirmPassword: string }>>(
  schema: T,
) =>
  schema.refine((value) => value.password === value.confirmPassword, {
    message: 'Passwords must match',
    path: ['confirmPassword'],
  });

export const ResetPasswordSchema = withMatchingPasswords(
  z.object({
    password: NewPasswordSchema,
    confirmPassword: confirmPasswordField,
    token: z.string().optional(),
  }),
);
export type ResetPasswordInput = z.infer<typeof ResetPasswordSchema>;

const CURRENT_PASSWORD_REQUIRED = 'Current password is required';
export const SAME_PASSWORD_MESSAGE = 'The new password must be different from the current one';

/** Checked against the account's hash, so only its presence and the login bounds here. */
const currentPasswordField = z
  .string({ error: CURRENT_PASSWORD_REQUIRED })
  .min(1, CURRENT_PASSWORD_REQUIRED)
  .max(128, 'Password is too long');

/** POST /api/auth/change-password: the signed-in account's password, knowing the current one. */
export const ChangePasswordSchema = z
  .object({ currentPassword: currentPasswordField, newPassword: NewPasswordSchema })
  .refine((value) => value.newPassword !== value.currentPassword, {
    message: SAME_PASSWORD_MESSAGE,
    path: ['newPassword'],
  });
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>;

/** The Profile form adds the confirmation, which never travels to the server. */
export const ChangePasswordFormSchema = z
  .object({
    currentPassword: currentPasswordField,
    newPassword: NewPasswordSchema,
    confirmPassword: confirmPasswordField,
  })
  .refine((value) => value.newPassword !== value.currentPassword, {
    message: SAME_PASSWORD_MESSAGE,
    path: ['newPassword'],
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: 'Passwords must match',
    path: ['confirmPassword'],
  });
export type ChangePasswordFormInput = z.infer<typeof ChangePasswordFormSchema>;

export const CompanyProfileSchema = z.object({
  companyName: requiredText('Company name is required')
    .min(2, 'Company name is too short')
    .max(150, 'Must be 150 characters or less'),
  rc: requiredText('Registration number is required').max(50, 'Must be 50 characters or less'),
  nIf: requiredText('Tax identification number is required').max(
    50,
    'Must be 50 characters or less',
  ),
  responsableName: requiredText('Responsible person name is required')
    .min(3, 'Responsible person name is too short')
    .max(100, 'Must be 100 characters or less'),
  phone: phone('Company phone number is required'),
  address: requiredText('Company address is required').max(300, 'Must be 300 characters or less'),
});
export type CompanyProfile = z.infer<typeof CompanyProfileSchema>;

export const IndividualProfileSchema = z.object({
  fullName: requiredText('Full name is required')
    .min(3, 'Full name must be at least 3 characters')
    .max(25, 'Must be 25 characters or less'),
  nationalId: requiredText('National ID is required').max(50, 'Must be 50 characters or less'),
  phone: phone('Phone number is required'),
  address: requiredText('Address is required').max(300, 'Must be 300 characters or less'),
});
export type IndividualProfile = z.infer<typeof IndividualProfileSchema>;

export const CompanyRegistrationSchema = z.object({
  email: EmailSchema,
  password: NewPasswordSchema,
  userType: z.literal('Company'),
  company: CompanyProfileSchema,
  /** The account's language; without it, the request's Accept-Language decides. */
  locale: LocaleSchema.optional(),
});
export type CompanyRegistrationInput = z.input<typeof CompanyRegistrationSchema>;

export const IndividualRegistrationSchema = z.object({
  email: EmailSchema,
  password: NewPasswordSchema,
  userType: z.literal('Individual'),
  individual: IndividualProfileSchema,
  /** The account's language; without it, the request's Accept-Language decides. */
  locale: LocaleSchema.optional(),
});
export type IndividualRegistrationInput = z.input<typeof IndividualRegistrationSchema>;

export const RegistrationSchema = z.union(
  [CompanyRegistrationSchema, IndividualRegistrationSchema],
  {
    error: 'userType must be Company or Individual',
  },
);
export type RegistrationInput = z.output<typeof RegistrationSchema>;

/** The forms add the confirmation field, which never travels to the server. */
export const CompanyRegistrationFormSchema = withMatchingPasswords(
  CompanyRegistrationSchema.extend({ confirmPassword: confirmPasswordField }),
);
export const IndividualRegistrationFormSchema = withMatchingPasswords(
  IndividualRegistrationSchema.extend({ confirmPassword: confirmPasswordField }),
);
