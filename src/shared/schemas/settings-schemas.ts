/**
 * The office's business settings and an organization's bank details and ICE
 * (docs/decisions/0020-merchant-money.md): one schema per body, used by the route, the form and
 * the tests. Money in MAD (≤ 2 decimals), percentages with ≤ 2 decimals.
 *
 *   GET   /api/admin/settings                       → BusinessSettingsSchema
 *   PUT   /api/admin/settings   BusinessSettingsUpdateSchema → BusinessSettingsSchema
 *   GET   /api/org/billing                          → OrganizationBillingSchema
 *   PATCH /api/org/billing      BillingUpdateSchema  → OrganizationBillingSchema
 */
import { z } from 'zod';
import { messageKey, type MessageKey } from '../i18n/message-key';
import '../i18n/zod-messages';
import { compactDigits, isValidIce, isValidRib, RIB_LENGTH } from '../moroccan-identifiers';
import { roundToCents } from '../numbers';
import { MAX_DELIVERY_ATTEMPTS_RANGE } from '../delivery-attempts';

/** The highest payout minimum the office can set, far above any weekly payout. */
export const MAX_PAYOUT_MINIMUM_MAD = 1_000_000;
export const LEGAL_NAME_MAX_LENGTH = 200;
export const ADDRESS_MAX_LENGTH = 500;
export const RC_MAX_LENGTH = 50;
/** IF (identifiant fiscal) and TP / patente numbers: digits, at most this many. */
export const TAX_NUMBER_MAX_DIGITS = 15;
export const RIB_HOLDER_MAX_LENGTH = 70;

/**
 * A number as JSON sends it, or as a form field holds it ('20', '12.5'): anything else stays as
 * it is for z.number to refuse (true, '', '1e3', 'abc' are not amounts).
 */
function readDecimal(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  return /^-?\d+(?:\.\d+)?$/.test(text) ? Number(text) : value;
}

const hasCents = (value: number) => roundToCents(value) === value;

const maxAttemptsRange = messageKey('settings.max_attempts_range', MAX_DELIVERY_ATTEMPTS_RANGE);

const percentField = z.preprocess(
  readDecimal,
  z
    .number({ error: messageKey('settings.percent_range') })
    .min(0, messageKey('settings.percent_range'))
    .max(100, messageKey('settings.percent_range'))
    .refine(hasCents, messageKey('settings.percent_decimals')),
);

const payoutMinimumRange = messageKey('settings.payout_minimum_range', {
  max: MAX_PAYOUT_MINIMUM_MAD,
});

/** Text a person types: trimmed, at most `max` characters. */
const textField = (max: number) =>
  z.string().trim().max(max, messageKey('validation.too_long', { max }));

/** Empty (a fresh install has none yet), or digits only: IF, TP, patente. */
const taxNumberField = textField(TAX_NUMBER_MAX_DIGITS).regex(
  new RegExp(`^\\d{0,${TAX_NUMBER_MAX_DIGITS}}$`),
  messageKey('settings.digits_only', { max: TAX_NUMBER_MAX_DIGITS }),
);

/** The carrier's settings as the office reads them. */
export const BusinessSettingsSchema = z.object({
  legalName: z.string(),
  address: z.string(),
  ice: z.string(),
  ifNumber: z.string(),
  rc: z.string(),
  tp: z.string(),
  patente: z.string(),
  vatRatePercent: z.number(),
  codFeePercent: z.number(),
  /** MAD: an organization's payable balance must reach it to be paid in a batch. */
  payoutMinimum: z.number(),
  /** Failed attempts after which a parcel's return starts on its own. */
  maxDeliveryAttempts: z.number().int(),
  /** The return fee, as a percentage of the delivery price. */
  returnFeePercent: z.number(),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type BusinessSettingsView = z.infer<typeof BusinessSettingsSchema>;

/**
 * PUT /api/admin/settings: every field, each replaced (a PUT, not a patch, so the form and the
 * record always agree). Only the legal name is required; the identifiers may stay empty until
 * the office has them.
 */
export const BusinessSettingsUpdateSchema = z.object({
  legalName: textField(LEGAL_NAME_MAX_LENGTH).min(1, messageKey('settings.legal_name_required')),
  address: textField(ADDRESS_MAX_LENGTH),
  ice: z
    .string()
    .transform(compactDigits)
    .refine((ice) => ice === '' || isValidIce(ice), messageKey('settings.ice_invalid')),
  ifNumber: taxNumberField,
  rc: textField(RC_MAX_LENGTH).regex(
    /^[\p{L}\p{N} /-]*$/u,
    messageKey('settings.rc_invalid', { max: RC_MAX_LENGTH }),
  ),
  tp: taxNumberField,
  patente: taxNumberField,
  vatRatePercent: percentField,
  codFeePercent: percentField,
  payoutMinimum: z.preprocess(
    readDecimal,
    z
      .number({ error: payoutMinimumRange })
      .min(0, payoutMinimumRange)
      .max(MAX_PAYOUT_MINIMUM_MAD, payoutMinimumRange)
      .refine(hasCents, messageKey('settings.payout_minimum_decimals')),
  ),
  /*
   * The returns' two settings (docs/decisions/0023-failed-deliveries-and-returns.md) came after
   * the form's first fields: a client that does not send them keeps their current values.
   */
  maxDeliveryAttempts: z.preprocess(
    readDecimal,
    z
      .number({ error: maxAttemptsRange })
      .int(maxAttemptsRange)
      .min(MAX_DELIVERY_ATTEMPTS_RANGE.min, maxAttemptsRange)
      .max(MAX_DELIVERY_ATTEMPTS_RANGE.max, maxAttemptsRange)
      .optional(),
  ),
  returnFeePercent: percentField.optional(),
});
export type BusinessSettingsUpdateInput = z.input<typeof BusinessSettingsUpdateSchema>;
export type BusinessSettingsUpdate = z.output<typeof BusinessSettingsUpdateSchema>;

/** An organization's bank details and ICE; null where none was entered. */
export const OrganizationBillingSchema = z.object({
  rib: z.string().nullable(),
  ribHolder: z.string().nullable(),
  ice: z.string().nullable(),
});
export type OrganizationBilling = z.infer<typeof OrganizationBillingSchema>;

/** '' and null both clear a field; undefined (absent) leaves it as it is. */
const clearable = <T extends z.ZodType<string | null>>(field: T) =>
  z
    .union([z.null(), field])
    .optional()
    .transform((value) => (value === '' ? null : value));

/** 24 digits (spaces allowed in input, kept as digits) whose check key is right. */
const ribField = z
  .string()
  .transform(compactDigits)
  .superRefine((rib, context) => {
    if (rib === '') return;
    let error: MessageKey | undefined;
    if (!new RegExp(`^\\d{${RIB_LENGTH}}$`).test(rib)) error = messageKey('billing.rib_format');
    else if (!isValidRib(rib)) error = messageKey('billing.rib_key');
    if (error) context.addIssue({ code: 'custom', message: error });
  });

const iceField = z
  .string()
  .transform(compactDigits)
  .refine((ice) => ice === '' || isValidIce(ice), messageKey('billing.ice_invalid'));

/**
 * PATCH /api/org/billing: the fields given change, the others stay. The RIB and its holder go
 * together (a holder names the account of that RIB): both given, both set or both cleared.
 */
export const BillingUpdateSchema = z
  .object({
    rib: clearable(ribField),
    ribHolder: clearable(
      z
        .string()
        .trim()
        .max(
          RIB_HOLDER_MAX_LENGTH,
          messageKey('validation.too_long', { max: RIB_HOLDER_MAX_LENGTH }),
        ),
    ),
    ice: clearable(iceField),
  })
  .superRefine(({ rib, ribHolder }, context) => {
    if (rib === undefined && ribHolder === undefined) return;
    if (!ribHolder && rib) {
      context.addIssue({
        code: 'custom',
        path: ['ribHolder'],
        message: messageKey('billing.holder_required'),
      });
    }
    if (!rib && ribHolder) {
      context.addIssue({
        code: 'custom',
        path: ['rib'],
        message: messageKey('billing.rib_required'),
      });
    }
  });
export type BillingUpdateInput = z.input<typeof BillingUpdateSchema>;
export type BillingUpdate = z.output<typeof BillingUpdateSchema>;
