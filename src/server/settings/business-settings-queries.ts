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
  updatedAt: Date;
}

/** The one settings row (migration 0015 writes it; nothing deletes it). */
export async function readBusinessSettings(db: Database): Promise<BusinessSettings> {
  const [row] = await db.select().from(businessSettings).where(eq(businessSettings.id, true));
  if (!row) throw new Error('business_settings has no row: migration 0015 writes it');
  return {
    ...row,
    vatRatePercent: Number(row.vatRatePercent),
    codFeePercent: Number(row.codFeePercent),
  };
}
