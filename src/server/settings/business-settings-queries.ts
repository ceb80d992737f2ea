import { eq } from 'drizzle-orm';
import type { Database } from '../db/open-database';
import { businessSettings } from '../db/schema';

/** The office's business settings as the services use them: percentages as numbers, money in centimes. */
export interface BusinessSettings {
  legalName: string;
  address: string;
  ice: string;
  ifNumber: string;
  rc: string;
  tp: string;
  patente: string;
  vatRatePercent: number;
  codFeePercent: number;
  payoutMinimumCentimes: number;
  /** Failed attempts after which a parcel's return starts on its own (docs/decisions/0023). */
  maxDeliveryAttempts: number;
  /** The return fee, as a percentage of the delivery price. */
  returnFeePercent: number;
  updatedAt: Date;
}

/** Every field the office edits: all but the time of the last change. */
export type BusinessSettingsValues = Omit<BusinessSettings, 'updatedAt'>;

type SettingsRow = typeof businessSettings.$inferSelect;

function toBusinessSettings(row: SettingsRow): BusinessSettings {
  const { id: _id, ...fields } = row;
  return {
    ...fields,
    vatRatePercent: Number(row.vatRatePercent),
    codFeePercent: Number(row.codFeePercent),
    returnFeePercent: Number(row.returnFeePercent),
  };
}

function onlyRow(row: SettingsRow | undefined): SettingsRow {
  if (!row) throw new Error('business_settings has no row: migration 0015 writes it');
  return row;
}

/** The one settings row (migration 0015 writes it; nothing deletes it). */
export async function readBusinessSettings(db: Database): Promise<BusinessSettings> {
  const [row] = await db.select().from(businessSettings).where(eq(businessSettings.id, true));
  return toBusinessSettings(onlyRow(row));
}

/**
 * The settings row, locked until the transaction ends: two admins saving at once each compare
 * with what the other saved, so the audit trail's "before" is always the value replaced.
 */
export async function lockBusinessSettings(tx: Database): Promise<BusinessSettings> {
  const [row] = await tx
    .select()
    .from(businessSettings)
    .where(eq(businessSettings.id, true))
    .for('update');
  return toBusinessSettings(onlyRow(row));
}

export async function updateBusinessSettings(
  tx: Database,
  values: BusinessSettingsValues,
  now: Date,
): Promise<BusinessSettings> {
  const [row] = await tx
    .update(businessSettings)
    .set({
      ...values,
      vatRatePercent: values.vatRatePercent.toFixed(2),
      codFeePercent: values.codFeePercent.toFixed(2),
      returnFeePercent: values.returnFeePercent.toFixed(2),
      updatedAt: now,
    })
    .where(eq(businessSettings.id, true))
    .returning();
  return toBusinessSettings(onlyRow(row));
}
