/**
 * The audit trail seen from the back office (docs/decisions/0016-audit-trail.md):
 *
 *   GET /admin/audit             ?AuditListQuerySchema → AuditEntry[] (X-Total-Count)
 *   GET /admin/audit/export.csv  same filters → CSV
 */
import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_RECORD_TYPES } from '../audit-actions';
import { messageKey } from '../i18n/message-key';
import '../i18n/zod-messages';
import { pagingShape, withPageCap } from './list-schemas';

/** Days the trail can hold: none before this product, none in a far future the database refuses. */
const FIRST_DAY = '2000-01-01';
const LAST_DAY = '2999-12-31';

const dayField = (param: 'from' | 'to') =>
  z.iso
    .date({ error: messageKey('audit.param_not_date', { param }) })
    .refine((day) => day >= FIRST_DAY && day <= LAST_DAY, {
      error: messageKey('audit.param_out_of_range', { param, min: FIRST_DAY, max: LAST_DAY }),
    })
    .optional();

/**
 * `?actor=&action=&recordType=&recordId=&from=&to=&page=&pageSize=`. `actor` is an account's id
 * or its whole email address; `from` and `to` are Morocco's days (YYYY-MM-DD), both included.
 */
export const AuditListQuerySchema = withPageCap(
  z
    .object({
      ...pagingShape,
      actor: z
        .string()
        .trim()
        .toLowerCase()
        .max(254, messageKey('request.param_too_long', { param: 'actor', max: 254 }))
        .optional()
        .transform((value) => value || undefined),
      action: z
        .enum(AUDIT_ACTIONS, {
          error: messageKey('request.param_not_one_of', {
            param: 'action',
            values: AUDIT_ACTIONS.join(', '),
          }),
        })
        .optional(),
      recordType: z
        .enum(AUDIT_RECORD_TYPES, {
          error: messageKey('request.param_not_one_of', {
            param: 'recordType',
            values: AUDIT_RECORD_TYPES.join(', '),
          }),
        })
        .optional(),
      recordId: z
        .string()
        .trim()
        .max(100, messageKey('request.param_too_long', { param: 'recordId', max: 100 }))
        .optional()
        .transform((value) => value || undefined),
      from: dayField('from'),
      to: dayField('to'),
    })
    .superRefine(({ from, to }, context) => {
      if (from && to && from > to) {
        context.addIssue({
          code: 'custom',
          path: ['to'],
          message: messageKey('audit.dates_reversed'),
        });
      }
    }),
);
export type AuditListQuery = z.output<typeof AuditListQuerySchema>;

/** A before/after summary: the fields the action changed, small and flat. */
const summarySchema = z.record(z.string(), z.unknown()).nullable();

export const AuditEntrySchema = z.object({
  id: z.uuid(),
  at: z.iso.datetime({ offset: true }),
  actorUserId: z.uuid(),
  /** The actor's email; null only for an account that has none (never an office one). */
  actorEmail: z.string().nullable(),
  actorRole: z.enum(['ADMIN', 'USER', 'DRIVER']),
  action: z.enum(AUDIT_ACTIONS),
  recordType: z.enum(AUDIT_RECORD_TYPES),
  recordId: z.string(),
  before: summarySchema,
  after: summarySchema,
  ip: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
