import { eq } from 'drizzle-orm';
import type { PickupAddress, PickupAddressUpdate } from '#shared/schemas/pickup-address-schemas';
import type { Database } from '../db/open-database';
import { organizations } from '../db/schema';

const pickupColumns = { city: organizations.pickupCity, address: organizations.pickupAddress };

export async function readPickupAddress(
  db: Database,
  organizationId: string,
): Promise<PickupAddress> {
  const [row] = await db
    .select(pickupColumns)
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row ?? { city: null, address: null };
}

export async function updatePickupAddress(
  db: Database,
  organizationId: string,
  pickup: PickupAddressUpdate,
): Promise<PickupAddress> {
  const [row] = await db
    .update(organizations)
    .set({ pickupCity: pickup.city, pickupAddress: pickup.address })
    .where(eq(organizations.id, organizationId))
    .returning(pickupColumns);
  return row!;
}
