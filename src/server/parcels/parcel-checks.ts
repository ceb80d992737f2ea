import type { z } from 'zod';
import { findCity } from '#shared/cities';
import { message, messageKey, parseMessageKey, type MessageKey } from '#shared/i18n/message-key';
import { ParcelInputSchema, type CheckedParcelInput } from '#shared/schemas/parcel-schemas';
import type { Database } from '../db/open-database';
import { AppError, conflict } from '../http/errors';
import { resolveExchangedOrders } from '../orders/exchanges';
import { findParcelsByReference, findPickupDefaults } from './parcel-queries';

/** A parcel that passed every check, its sender known: ready to be priced and placed. */
export interface ResolvedParcel extends CheckedParcelInput {
  sender: { city: string; address: string | undefined };
  /** The spreadsheet row of an imported parcel (its order keeps it). */
  importRow?: number;
  /** The id of the delivered order this parcel exchanges (`exchangeOf`, a tracking number). */
  exchangeOfId?: string;
}

export type ParcelCheck = { ok: true; parcel: ResolvedParcel } | { ok: false; error: AppError };

/** The first issue of each field, by its dotted path (`receiver.phone`). */
export function fieldErrorsOf(error: z.ZodError): Record<string, MessageKey> {
  const errors: Record<string, MessageKey> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || 'parcel';
    errors[field] ??= issue.message as MessageKey;
  }
  return errors;
}

/** A 400 coded by its first field's message, as a refused request body is (http/errors.ts). */
function invalid(fieldErrors: Record<string, MessageKey>): AppError {
  const first = parseMessageKey(Object.values(fieldErrors)[0]!) ?? message('request.invalid_value');
  return new AppError(400, [first], fieldErrors);
}

/**
 * Checks parcels by the one set of rules the API and imports share
 * (docs/decisions/0021-shippers-api.md): the schema, the sender (the organization's pickup address
 * when the parcel names none), and references unique in the organization, in the batch as in the
 * parcels already made. The answer keeps the input's order.
 */
export async function checkParcels(
  db: Database,
  organizationId: string,
  inputs: readonly unknown[],
): Promise<ParcelCheck[]> {
  const parsed = inputs.map((input) => ParcelInputSchema.safeParse(input));
  const needsDefaults = parsed.some((result) => result.success && !result.data.sender?.city);
  const defaults = needsDefaults ? await findPickupDefaults(db, organizationId) : undefined;
  const references = parsed.flatMap((result) =>
    result.success && result.data.reference ? [result.data.reference] : [],
  );
  const taken = new Map(
    (await findParcelsByReference(db, organizationId, [...new Set(references)])).map((row) => [
      row.reference,
      row.trackingNumber,
    ]),
  );
  const seen = new Set<string>();
  const exchanges = await resolveExchanges(db, organizationId, parsed);

  return parsed.map((result, index): ParcelCheck => {
    if (!result.success) return { ok: false, error: invalid(fieldErrorsOf(result.error)) };
    const parcel = result.data;
    const senderCity = parcel.sender?.city ?? defaults?.pickupCity ?? undefined;
    if (!senderCity || !findCity(senderCity)) {
      return {
        ok: false,
        error: invalid({ 'sender.city': messageKey('parcel.sender_city_required') }),
      };
    }
    const { reference } = parcel;
    if (reference) {
      const trackingNumber = taken.get(reference);
      if (trackingNumber) {
        return {
          ok: false,
          error: conflict('parcel.reference_taken', { reference, trackingNumber }),
        };
      }
      if (seen.has(reference)) {
        return {
          ok: false,
          error: invalid({ reference: messageKey('parcel.reference_repeated', { reference }) }),
        };
      }
      seen.add(reference);
    }
    const exchange = exchanges[index];
    if (exchange instanceof AppError) return { ok: false, error: exchange };
    const senderAddress = parcel.sender?.city
      ? parcel.sender.address
      : (parcel.sender?.address ?? defaults?.pickupAddress ?? undefined);
    return {
      ok: true,
      parcel: {
        ...parcel,
        sender: { city: findCity(senderCity)!.city, address: senderAddress },
        ...(exchange && { exchangeOfId: exchange }),
      },
    };
  });
}

/**
 * The order each valid parcel exchanges, by tracking number, or why it cannot; undefined for a
 * parcel that exchanges none. Two parcels of a batch naming the same order: the second is refused.
 */
async function resolveExchanges(
  db: Database,
  organizationId: string,
  parsed: ReadonlyArray<z.ZodSafeParseResult<CheckedParcelInput>>,
): Promise<Array<string | AppError | undefined>> {
  const named = parsed.map((result) =>
    result.success ? result.data.exchangeOf?.toUpperCase() : undefined,
  );
  const wanted = [...new Set(named.filter((trackingNumber) => trackingNumber !== undefined))];
  const resolved = await resolveExchangedOrders(db, organizationId, wanted, 'exchangeOf');
  const seen = new Set<string>();
  return named.map((trackingNumber) => {
    if (!trackingNumber) return undefined;
    if (seen.has(trackingNumber)) return conflict('returns.exchange_taken');
    seen.add(trackingNumber);
    return resolved.get(trackingNumber);
  });
}
