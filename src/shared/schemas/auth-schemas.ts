/**
 * Account payloads with the exact messages of docs/product.md, section 5. The server validates
 * requests with these; the forms validate with the same schemas through zodResolver.
 */
import { z } from 'zod';
import { messageKey } from '../i18n/message-key';
import '../i18n/zod-messages';
import { isLocale, LOCALES, type Locale } from '../i18n/locales';

/** A text field that must be present and not blank, trimmed first. */
export const requiredText = (requiredMessage: string) =>
  z.string({ error: requiredMessage }).trim().min(1, requiredMessage);

/** A required text of at most `max` characters, saying so when longer. */
export const requiredTextUpTo = (requiredMessage: string, max: number) =>
  requiredText(requiredMessage).max(max, messageKey('validation.too_long', { max }));

export const EmailSchema = z
  .string({ error: messageKey('validation.required') })
  .trim()
  .toLowerCase()
  .min(1, messageKey('validation.required'))
  .pipe(
    z
      // The HTML5 rule browsers use: it also admits the generated admin@localhost.
      .email({ pattern: z.regexes.html5Email, error: messageKey('validation.email_invalid') })
      // The longest address mail delivers (RFC 5321). Inside the pipe: a failure before it
      // aborts, and a new driver's optional email (a union) would then say only messageKey('zod.invalid_input').
      .max(254, messageKey('validation.too_long', { max: 254 })),
  );

/**
 * docs/decisions/0011-hardening.md: at least 8 characters with a lower-case and an upper-case
 * letter, a digit and a special character, in any script; "special" is anything that is neither
 * a letter nor a digit (a space, #, -, €…). Any other character is allowed too (Arabic letters,
 * accents), so a passphrase is never refused for its alphabet.
 */
export const STRONG_PASSWORD_PATTERN =
  /^(?=.*\p{Ll})(?=.*\p{Lu})(?=.*\p{Nd})(?=.*[^\p{L}\p{Nd}]).{8,}$/su;
export const STRONG_PASSWORD_MESSAGE = messageKey('validation.password_weak');

/** Login only checks the length: older accounts may predate the stronger rule. */
export const LoginPasswordSchema = z
  .string({ error: messageKey('validation.password_required') })
  .min(1, messageKey('validation.password_required'))
  .min(6, messageKey('validation.password_too_short'))
  .max(128, messageKey('validation.password_too_long'));

/** A password being chosen (sign-up, reset, change); the server also refuses common ones. */
export const NewPasswordSchema = z
  .string({ error: messageKey('validation.password_required') })
  .min(1, messageKey('validation.password_required'))
  .min(6, messageKey('validation.password_too_short'))
  .max(128, messageKey('validation.password_too_long'))
  .regex(STRONG_PASSWORD_PATTERN, STRONG_PASSWORD_MESSAGE);

export const PHONE_PATTERN = /^\+?\d{10,14}$/;
/** PHONE_PATTERN's longest number is 15 characters; a longer text fails before the pattern runs. */
export const PHONE_MAX_LENGTH = 20;
const phone = (requiredMessage: string) =>
  requiredText(requiredMessage)
    .max(PHONE_MAX_LENGTH, messageKey('validation.phone_invalid'))
    .regex(PHONE_PATTERN, messageKey('validation.phone_invalid'));

const LOCALE_MESSAGE = messageKey('validation.locale_invalid');
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
  .string({ error: messageKey('validation.confirm_password_required') })
  .min(1, messageKey('validation.confirm_password_required'));

/** Adds the messageKey('validation.passwords_must_match') rule to any schema with password and confirmPassword. */
const withMatchingPasswords = <T extends z.ZodType<{ password: string; confirmPassword: string }>>(
  schema: T,
) =>
  schema.refine((value) => value.password === value.confirmPassword, {
    message: messageKey('validation.passwords_must_match'),
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

const CURRENT_PASSWORD_REQUIRED = messageKey('validation.current_password_required');
export const SAME_PASSWORD_MESSAGE = messageKey('validation.password_same_as_current');

/** Checked against the account's hash, so only its presence and the login bounds here. */
const currentPasswordField = z
  .string({ error: CURRENT_PASSWORD_REQUIRED })
  .min(1, CURRENT_PASSWORD_REQUIRED)
  .max(128, messageKey('validation.password_too_long'));

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
    message: messageKey('validation.passwords_must_match'),
    path: ['confirmPassword'],
  });
export type ChangePasswordFormInput = z.infer<typeof ChangePasswordFormSchema>;

export const CompanyProfileSchema = z.object({
  companyName: requiredText(messageKey('validation.company_name_required'))
    .min(2, messageKey('validation.company_name_too_short'))
    .max(150, messageKey('validation.too_long', { max: 150 })),
  rc: requiredTextUpTo(messageKey('validation.rc_required'), 50),
  nIf: requiredTextUpTo(messageKey('validation.nif_required'), 50),
  responsableName: requiredText(messageKey('validation.responsible_name_required'))
    .min(3, messageKey('validation.responsible_name_too_short'))
    .max(100, messageKey('validation.too_long', { max: 100 })),
  phone: phone(messageKey('validation.company_phone_required')),
  address: requiredTextUpTo(messageKey('validation.company_address_required'), 300),
});
export type CompanyProfile = z.infer<typeof CompanyProfileSchema>;

export const IndividualProfileSchema = z.object({
  fullName: requiredText(messageKey('validation.full_name_required'))
    .min(3, messageKey('validation.full_name_too_short'))
    .max(25, messageKey('validation.too_long', { max: 25 })),
  nationalId: requiredTextUpTo(messageKey('validation.national_id_required'), 50),
  phone: phone(messageKey('validation.phone_required')),
  address: requiredTextUpTo(messageKey('validation.address_required'), 300),
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
    error: messageKey('validation.user_type_invalid'),
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
