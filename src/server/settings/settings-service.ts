import type { FastifyBaseLogger } from 'fastify';
import { centimesToMad, madToCentimes } from '#shared/money';
import type {
  BusinessSettingsUpdate,
  BusinessSettingsView,
} from '#shared/schemas/settings-schemas';
import { recordOfficeAction, type AuditSummary, type OfficeActor } from '../audit/office-actions';
import type { Database } from '../db/open-database';
import {
  lockBusinessSettings,
  readBusinessSettings,
  updateBusinessSettings,
  type BusinessSettings,
  type BusinessSettingsValues,
} from './business-settings-queries';

/** The audit trail names the one settings record by this id. */
export const BUSINESS_SETTINGS_RECORD_ID = 'business';

function toView(settings: BusinessSettings): BusinessSettingsView {
  const { payoutMinimumCentimes, updatedAt, ...fields } = settings;
  return {
    ...fields,
    payoutMinimum: centimesToMad(payoutMinimumCentimes),
    updatedAt: updatedAt.toISOString(),
  };
}

/** The values a save writes; a returns setting the client did not send keeps its value. */
function toValues(
  input: BusinessSettingsUpdate,
  current: BusinessSettings,
): BusinessSettingsValues {
  const { payoutMinimum, maxDeliveryAttempts, returnFeePercent, ...fields } = input;
  return {
    ...fields,
    payoutMinimumCentimes: madToCentimes(payoutMinimum),
    maxDeliveryAttempts: maxDeliveryAttempts ?? current.maxDeliveryAttempts,
    returnFeePercent: returnFeePercent ?? current.returnFeePercent,
  };
}

/** The fields whose value changes, as they were and as they become. */
function diffValues(
  current: BusinessSettingsValues,
  next: BusinessSettingsValues,
): { before: AuditSummary; after: AuditSummary } {
  const before: AuditSummary = {};
  const after: AuditSummary = {};
  for (const field of Object.keys(next) as Array<keyof BusinessSettingsValues>) {
    if (current[field] === next[field]) continue;
    before[field] = current[field];
    after[field] = next[field];
  }
  return { before, after };
}

interface SettingsServiceDeps {
  db: Database;
  clock: () => Date;
  log: FastifyBaseLogger;
}

/**
 * The office's business settings (docs/decisions/0020-merchant-money.md): the carrier's legal
 * identity printed on invoices, the VAT rate, the COD fee and the payout minimum. They live in
 * the database, not in the environment, and each change is audited.
 */
export function createSettingsService({ db, clock, log }: SettingsServiceDeps) {
  return {
    async getSettings(): Promise<BusinessSettingsView> {
      return toView(await readBusinessSettings(db));
    },

    /**
     * Replaces every field. A save that changes nothing writes nothing, not even an audit row:
     * the trail records changes, and the office may press Save twice.
     */
    async updateSettings(
      input: BusinessSettingsUpdate,
      actor: OfficeActor,
    ): Promise<BusinessSettingsView> {
      const { settings, changed } = await db.transaction(async (tx) => {
        const current = await lockBusinessSettings(tx);
        const next = toValues(input, current);
        const { before, after } = diffValues(current, next);
        const fields = Object.keys(after);
        if (fields.length === 0) return { settings: current, changed: fields };
        const saved = await updateBusinessSettings(tx, next, clock());
        await recordOfficeAction(tx, {
          actor,
          action: 'settings.update',
          record: { type: 'settings', id: BUSINESS_SETTINGS_RECORD_ID },
          before,
          after,
        });
        return { settings: saved, changed: fields };
      });
      if (changed.length > 0) {
        log.info({ userId: actor.userId, fields: changed }, 'business settings changed');
      }
      return toView(settings);
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
