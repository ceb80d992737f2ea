/**
 * What the label routes take (docs/decisions/0022-labels-manifests-scanning.md, "Label routes and
 * screens"): the dashboard's, the office's and /api/v1's, with the same limits and messages.
 */
import { z } from 'zod';
import { messageKey } from '../i18n/message-key';
import '../i18n/zod-messages';
import { LABEL_FORMATS, MAX_LABELS_PER_PDF } from '../labels';
import { MAX_IMPORT_ROWS } from './import-schemas';

/** `a6`, `100x150` or `a4`; left out: the organization's remembered format. */
export const LabelFormatSchema = z.enum(LABEL_FORMATS, {
  error: messageKey('label.format_unknown'),
});

export const LabelFormatQuerySchema = z.object({ format: LabelFormatSchema.optional() });
export type LabelFormatQuery = z.infer<typeof LabelFormatQuerySchema>;

/** 1 to 500 of something, each named at most once in the PDF (repeats are printed once). */
function labelList<T extends z.ZodType>(item: T, field: string) {
  return z
    .array(item, { error: messageKey('request.param_required', { param: field }) })
    .min(1, messageKey('label.none'))
    .max(MAX_LABELS_PER_PDF, messageKey('label.over_limit', { max: MAX_LABELS_PER_PDF }));
}

export const PrintLabelsSchema = z.object({
  orderIds: labelList(z.string().trim().min(1).max(100), 'orderIds'),
  format: LabelFormatSchema.optional(),
});
export type PrintLabelsInput = z.infer<typeof PrintLabelsSchema>;

export const PrintApiLabelsSchema = z
  .object({
    trackingNumbers: labelList(z.string().trim().min(1).max(40), 'trackingNumbers'),
    format: LabelFormatSchema.optional(),
  })
  .meta({
    'x-examples': {
      twoParcels: {
        summary: 'Two parcels on thermal labels',
        value: { trackingNumbers: ['MA-7K3Q-9ZP2', 'MA-4D8R-2XW7'], format: '100x150' },
      },
      remembered: {
        summary: "Parcels in the organization's remembered format",
        value: { trackingNumbers: ['MA-7K3Q-9ZP2'] },
      },
    },
  });
export type PrintApiLabelsInput = z.infer<typeof PrintApiLabelsSchema>;

/** The format an organization's members printed last: what the screens offer first. */
export const LabelSettingsSchema = z.object({ labelFormat: LabelFormatSchema });
export type LabelSettings = z.infer<typeof LabelSettingsSchema>;

/** An import's labels: `part` 1 is its first 500 orders, 2 the next 500 (an import holds 5,000). */
export const ImportLabelsQuerySchema = LabelFormatQuerySchema.extend({
  part: z.coerce
    .number()
    .int()
    .min(1)
    .max(Math.ceil(MAX_IMPORT_ROWS / MAX_LABELS_PER_PDF))
    .default(1),
});
