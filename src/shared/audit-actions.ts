/**
 * The audit trail's vocabulary (docs/decisions/0016-audit-trail.md): every office action by its
 * stable dotted name, and the kinds of record one can touch. The server writes only these; the
 * back office's filter offers them and names each in the screen's language. A new office action
 * adds its name here (and its words in the web catalogues).
 */
export const AUDIT_ACTIONS = [
  'order.dispatch',
  'order.deliver',
  'order.cancel',
  'order.status_change',
  'order.return',
  'order.return_delivered',
  'cash.remittance',
  'driver.deactivate',
  'driver.activate',
  'driver.unlock_sign_in',
  'truck.create',
  'account.disable',
  'account.enable',
  'message.retry',
  'settings.update',
  'invoice.issue',
  'invoice.credit_note',
  'payout.batch_create',
  'payout.mark_paid',
  'ledger.adjustment',
  'api_key.create',
  'api_key.revoke',
  'webhook.create',
  'webhook.update',
  'webhook.delete',
  'manifest.create',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_RECORD_TYPES = [
  'order',
  'cash_remittance',
  'driver',
  'truck',
  'user',
  'message',
  'settings',
  'invoice',
  'payout_batch',
  'organization',
  'api_key',
  'webhook_endpoint',
  'manifest',
] as const;
export type AuditRecordType = (typeof AUDIT_RECORD_TYPES)[number];
