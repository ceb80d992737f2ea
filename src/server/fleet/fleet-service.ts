import type { FastifyBaseLogger } from 'fastify';
import { toBusinessDate } from '#shared/business-calendar';
import { findDispatchProblems } from '#shared/fleet-rules';
import {
  type DriverActivationResult,
  type AdminTruck,
  type AdminTruckListQuery,
  type CreateDriverTruck,
  type CreateDriverTruckResult,
  type TruckDriverCombination,
  type TruckDriverQuery,
} from '#shared/schemas/fleet-schemas';
import { toE164 } from '#shared/phone';
import { capacityOf } from '#shared/run-stops';
import { fitsAtRunEnd, readOrderRunFacts, readPlannedRuns } from '../planning/dispatch-suggestions';
import { recordOfficeAction, type OfficeActor } from '../audit/office-actions';
import type { ListTotal } from '../db/list-total';
import type { Database } from '../db/open-database';
import type { Page } from '../db/page';
import { findUniqueViolationConstraint } from '../db/unique-violation';
import { isUuid } from '../db/uuid';
import { englishMessage } from '#shared/i18n/message-catalogs';
import { keyOf, message, type Message } from '#shared/i18n/message-key';
import { badRequest, conflictOf, notFound } from '../http/errors';
import {
  findTakenIdentities,
  findTruck,
  insertDriverWithTruck,
  listOfferableTrucks,
  listTrucks,
  lockDriverActivation,
  setDriverDeactivation,
  type Identities,
} from './fleet-queries';
import type { AccountsService } from '../users/accounts-service';
import { toAdminTruck, toTruckDriverCombination } from './fleet-view';

const DUPLICATE_MESSAGES: Record<keyof Identities, (input: CreateDriverTruck) => Message> = {
  truckNumber: (input) => message('fleet.truck_number_taken', { truckNumber: input.truckNumber }),
  nationalId: () => message('fleet.national_id_taken'),
  license: () => message('fleet.license_taken'),
  phone: () => message('fleet.phone_taken'),
};

/** The unique index behind each identity, for a duplicate that slipped past the check. */
const IDENTITY_OF_CONSTRAINT: Record<string, keyof Identities> = {
  trucks_truck_number_unique: 'truckNumber',
  drivers_national_id_unique: 'nationalId',
  drivers_license_unique: 'license',
  drivers_phone_e164_unique: 'phone',
};

function refuseDuplicates(input: CreateDriverTruck, taken: Array<keyof Identities>): never {
  const messages = taken.map((field) => DUPLICATE_MESSAGES[field](input));
  const errors = Object.fromEntries(taken.map((field, at) => [field, keyOf(messages[at]!)]));
  throw conflictOf([messages[0]!, ...messages.slice(1)], errors);
}

interface FleetServiceDeps {
  db: Database;
  accounts: AccountsService;
  log: FastifyBaseLogger;
  clock: () => Date;
  /** Called once a deactivation has ended sessions (AuthService.forgetSessionChecks). */
  onSessionsRevoked: () => void;
}

export function createFleetService({
  db,
  accounts,
  log,
  clock,
  onSessionsRevoked,
}: FleetServiceDeps) {
  const today = () => toBusinessDate(clock());

  return {
    async listTrucks(
      query: AdminTruckListQuery,
      page: Page,
    ): Promise<{ items: AdminTruck[]; total: ListTotal }> {
      const { rows, total } = await listTrucks(db, { statuses: query.status, q: query.q }, page);
      const day = today();
      return { items: rows.map((row) => toAdminTruck(row, day)), total };
    },

    /**
     * AVAILABLE trucks and those with a run not yet started, with their own drivers; for an
     * order, only those that dispatch would accept today: documents, and room for the order
     * once it joins the run (the same rule, so the admin is never offered a refusal).
     */
    async listTruckDriverCombinations(query: TruckDriverQuery): Promise<TruckDriverCombination[]> {
      const offerable = await listOfferableTrucks(db);
      if (!query.orderId) return offerable.map(toTruckDriverCombination);
      const order = isUuid(query.orderId) ? await readOrderRunFacts(db, query.orderId) : undefined;
      if (!order) throw notFound('order.not_found');
      const runs = await readPlannedRuns(
        db,
        offerable.flatMap(({ plannedRunId }) => (plannedRunId ? [plannedRunId] : [])),
      );
      const day = today();
      return offerable
        .filter(
          ({ truck, driver, plannedRunId }) =>
            findDispatchProblems(
              {
                truckNumber: truck.truckNumber,
                capacityKg: Number(truck.capacityKg),
                licenseExpire: driver.licenseExpire,
                technicalDate: truck.technicalDate,
              },
              Number(order.weightKg),
              day,
            ).length === 0 &&
            fitsAtRunEnd(
              order,
              (plannedRunId && runs.get(plannedRunId)) || { stops: [], orders: [] },
              capacityOf(truck),
            ),
        )
        .map(toTruckDriverCombination);
    },

    /**
     * POST /admin/trucks/add: the driver and the truck together with the audit row of their
     * creation, or nothing.
     */
    async addDriverWithTruck(
      input: CreateDriverTruck,
      office: OfficeActor,
    ): Promise<CreateDriverTruckResult> {
      // The schema already refused a phone that is not one; this narrows it to its E.164 form.
      const phoneE164 = toE164(input.phone);
      if (!phoneE164) {
        throw badRequest('validation.phone_invalid', {}, { phone: 'validation.phone_invalid' });
      }
      const identities = {
        truckNumber: input.truckNumber,
        nationalId: input.nationalId,
        license: input.license,
        phone: phoneE164,
      };
      const taken = await findTakenIdentities(db, identities);
      const duplicates = (Object.keys(taken) as Array<keyof Identities>).filter((k) => taken[k]);
      if (duplicates.length > 0) refuseDuplicates(input, duplicates);
      let truckId: string;
      try {
        truckId = await db.transaction(async (tx) => {
          const created = await insertDriverWithTruck(
            tx,
            {
              fullName: input.fullName,
              phone: input.phone,
              phoneE164,
              email: input.email ?? null,
              nationalId: input.nationalId,
              license: input.license,
              licenseExpire: input.licenseExpire,
            },
            {
              truckNumber: input.truckNumber,
              truckType: input.truckType,
              model: input.model,
              truckYear: input.truckYear,
              capacityKg: String(input.capacity),
              capacityM3: input.capacityM3 === undefined ? null : String(input.capacityM3),
              technicalDate: input.technicalDate,
              status: 'AVAILABLE',
              location: 'Depot 1',
            },
          );
          await recordOfficeAction(tx, {
            actor: office,
            action: 'truck.create',
            record: { type: 'truck', id: created.truckId },
            after: {
              truckNumber: input.truckNumber,
              driverId: created.driverId,
              driverName: input.fullName,
            },
          });
          return created.truckId;
        });
      } catch (error) {
        // Another admin added the same plate or person between the check and the insert.
        const identity = IDENTITY_OF_CONSTRAINT[findUniqueViolationConstraint(error) ?? ''];
        if (identity) refuseDuplicates(input, [identity]);
        throw error;
      }
      log.info({ truckId, truckNumber: input.truckNumber }, 'driver and truck added');
      const row = await findTruck(db, truckId);
      return {
        message: englishMessage('fleet.driver_truck_added'),
        truck: toAdminTruck(row!, today()),
      };
    },

    /**
     * A deactivated driver cannot sign in and is offered to no order; their sessions end now,
     * and their open event streams at the next heartbeat (docs/decisions/0009-drivers.md). Each
     * is an office action with its audit row (docs/decisions/0016-audit-trail.md).
     */
    async setDriverActive(
      driverId: string,
      active: boolean,
      office: OfficeActor,
    ): Promise<DriverActivationResult> {
      const now = clock();
      // Deactivating ends every session of the account in the same transaction.
      const found = isUuid(driverId)
        ? await db.transaction(async (tx) => {
            const current = await lockDriverActivation(tx, driverId);
            if (!current) return undefined;
            const driver = await setDriverDeactivation(tx, driverId, active ? null : now, now);
            if (driver && !active) await accounts.revokeSessionsOfUser(driver.userId, now, tx);
            await recordOfficeAction(tx, {
              actor: office,
              action: active ? 'driver.activate' : 'driver.deactivate',
              record: { type: 'driver', id: driverId },
              before: { active: current.deactivatedAt === null },
              after: { active },
            });
            return driver;
          })
        : undefined;
      if (!found) throw notFound('driver.not_found');
      if (!active) onSessionsRevoked();
      log.info({ driverId, active }, active ? 'driver reactivated' : 'driver deactivated');
      return {
        message: englishMessage(active ? 'fleet.driver_activated' : 'fleet.driver_deactivated'),
        driverId,
        driverActive: active,
      };
    },
  };
}

export type FleetService = ReturnType<typeof createFleetService>;
