/**
 * The whole data model (docs/product.md, section 3) in one place. Money is kept in integer
 * centimes, weights and sizes as numeric, so no float ever reaches a stored amount.
 */
import { sql } from 'drizzle-orm';
import { MESSAGE_STATUSES, OUTBOX_CHANNELS } from '#shared/message-status';
import { LOCALES, type Locale } from '#shared/i18n/locales';
import { ORDER_EVENT_KINDS } from '#shared/order-lifecycle';
import { ORG_ROLES } from '#shared/organization-roles';
import { FEE_PAYERS, LEDGER_ENTRY_TYPES } from '#shared/merchant-money';
import { INVOICE_KINDS, INVOICE_LINE_KINDS, type InvoiceCarrier } from '#shared/invoices';
import type { MoneyNoticeKind } from '#shared/money-notices';
import type { ApiKeyScope, WebhookEventSubscription } from '#shared/shippers-api';
import { DEFAULT_LABEL_FORMAT, LABEL_FORMATS, MANIFEST_KINDS } from '#shared/labels';
import { FAILED_ATTEMPT_REASONS } from '#shared/schemas/returns-schemas';
import { RUN_STATUSES, RUN_STOP_KINDS, RUN_STOP_OUTCOMES } from '#shared/runs';
import type { RunPlanProposalRecord, RunPlanRequestRecord } from '#shared/schemas/run-schemas';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/*
 * Newest-first indexes say `.desc().nullsFirst()`: Drizzle writes a bare `.desc()` index column
 * as DESC NULLS LAST, while `desc(column)` in a query sorts DESC NULLS FIRST (PostgreSQL's
 * default), and the planner only reads an index in a query's order when both agree, even on a
 * NOT NULL column. The trailing id is the lists' tie-break (`desc(createdAt), desc(id)`), so
 * that a page is read straight from the index, never sorted.
 */
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const roleEnum = pgEnum('role', ['ADMIN', 'USER', 'DRIVER']);
export const userTypeEnum = pgEnum('user_type', ['COMPANY', 'INDIVIDUAL']);
export const orderStatusEnum = pgEnum('order_status', [
  'PENDING',
  'CONFIRMED',
  'IN_TRANSIT',
  'DELIVERED',
  'CANCELLED',
  'RETURNING',
  'RETURNED',
]);
export const priorityEnum = pgEnum('priority', ['normal', 'express', 'urgent']);
export const cargoTypeEnum = pgEnum('cargo_type', [
  'general',
  'fragile',
  'hazardous',
  'refrigerated',
]);
export const truckStatusEnum = pgEnum('truck_status', ['AVAILABLE', 'ON_DELIVERY']);
export const paymentMethodEnum = pgEnum('payment_method', ['online', 'cash_on_delivery']);
export const paymentStatusEnum = pgEnum('payment_status', ['unpaid', 'pending', 'paid']);
export const outboxChannelEnum = pgEnum('outbox_channel', OUTBOX_CHANNELS);
export const outboxStatusEnum = pgEnum('outbox_status', MESSAGE_STATUSES);
export const orderEventKindEnum = pgEnum('order_event_kind', ORDER_EVENT_KINDS);
export const orgRoleEnum = pgEnum('org_role', ORG_ROLES);

/**
 * What a customer owns belongs to their organization (docs/decisions/0014-organizations.md):
 * a company's users share one; an individual is an organization of one.
 */
export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** Where payouts go: a Moroccan RIB (24 digits) and its holder's name; set by an owner. */
  rib: text('rib'),
  ribHolder: text('rib_holder'),
  /** A company's Identifiant Commun de l'Entreprise (15 digits), printed on its invoices. */
  ice: text('ice'),
  /** The default sender of API and imported parcels (docs/decisions/0021-shippers-api.md). */
  pickupCity: text('pickup_city'),
  pickupAddress: text('pickup_address'),
  /** The label format its members printed last, offered next (migration 0024). */
  labelFormat: text('label_format', { enum: LABEL_FORMATS })
    .notNull()
    .default(DEFAULT_LABEL_FORMAT),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null for drivers, who sign in by phone (src/server/drivers/driver-auth-service.ts). */
    email: text('email'),
    /** Null for drivers: they have no password. */
    passwordHash: text('password_hash'),
    role: roleEnum('role').notNull().default('USER'),
    /** Null for administrators, who are never customers. */
    userType: userTypeEnum('user_type'),
    /**
     * The account's language (docs/decisions/0010-languages.md): its mails, SMS and in-app
     * notifications are written in it.
     */
    locale: text('locale').$type<Locale>().notNull().default('en'),
    /**
     * Set while the office has disabled the account (docs/decisions/0016-audit-trail.md): it
     * cannot sign in and none of its sessions stands. Null for every account in use.
     */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /**
     * A customer's organization and role in it; both null for administrators and drivers, and
     * for a member their owner removed (who can no longer sign in).
     */
    organizationId: uuid('organization_id').references(() => organizations.id, {
      onDelete: 'restrict',
    }),
    orgRole: orgRoleEnum('org_role'),
    /** An invited member's own name; owners and others are named by their profile. */
    fullName: text('full_name'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    index('users_organization_idx').on(table.organizationId, table.createdAt),
    check(
      'users_organization_role_check',
      sql`(${table.organizationId} is null) = (${table.orgRole} is null) and (${table.role} = 'USER' or ${table.organizationId} is null)`,
    ),
    check(
      'users_locale_check',
      sql`${table.locale} in (${sql.raw(LOCALES.map((locale) => `'${locale}'`).join(', '))})`,
    ),
    index('users_created_at_idx').on(
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);

export const companyProfiles = pgTable('company_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  companyName: text('company_name').notNull(),
  rc: text('rc').notNull(),
  nIf: text('n_if').notNull(),
  responsableName: text('responsable_name').notNull(),
  phone: text('phone').notNull(),
  address: text('address').notNull(),
});

export const individualProfiles = pgTable('individual_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  fullName: text('full_name').notNull(),
  nationalId: text('national_id').notNull(),
  phone: text('phone').notNull(),
  address: text('address').notNull(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /** The absolute limit, the token's exp too (src/server/auth/session-tokens.ts). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The last authenticated request, to the minute: the idle limit counts from it. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** The browser's user agent when the session was made (the sessions list's device). */
    userAgent: text('user_agent'),
    /** The client's address when the session was made, coarsened: an IPv4 /24, an IPv6 /48. */
    addressPrefix: text('address_prefix'),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

/**
 * An account's second factor (migration 0012, docs/decisions/0015-second-factor-and-sessions.md):
 * the TOTP secret sealed with a key derived from the server secret, in use once `enabledAt` is
 * set, and the last time step accepted, so that no code is accepted twice.
 */
export const secondFactors = pgTable('second_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sealedSecret: text('sealed_secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The recovery codes shown once at enrolment: only their keyed hashes, each usable once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('recovery_codes_user_id_code_hash_unique').on(table.userId, table.codeHash),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the emailed token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('password_reset_tokens_hash_unique').on(table.tokenHash),
    index('password_reset_tokens_user_id_idx').on(table.userId),
  ],
);

export const drivers = pgTable(
  'drivers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The driver's own account (role DRIVER), through which they sign in by phone. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    fullName: text('full_name').notNull(),
    phone: text('phone').notNull(),
    /** The phone in E.164, the form sign-in compares; null if it could not be read as one. */
    phoneE164: text('phone_e164'),
    /** A deactivated driver cannot sign in, and their sessions were ended. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    /** Too many wrong sign-in codes: no phone sign-in until the office unlocks it. */
    signInLockedAt: timestamp('sign_in_locked_at', { withTimezone: true }),
    email: text('email'),
    nationalId: text('national_id').notNull(),
    license: text('license').notNull(),
    licenseExpire: date('license_expire').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('drivers_national_id_unique').on(table.nationalId),
    uniqueIndex('drivers_license_unique').on(table.license),
    uniqueIndex('drivers_user_id_unique').on(table.userId),
    uniqueIndex('drivers_phone_e164_unique').on(table.phoneE164),
  ],
);

/** One-time sign-in codes sent to a driver's phone; only their keyed hash is kept. */
export const driverSignInCodes = pgTable(
  'driver_sign_in_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    driverId: uuid('driver_id')
      .notNull()
      .references(() => drivers.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('driver_sign_in_codes_driver_created_idx').on(
      table.driverId,
      table.createdAt.desc().nullsFirst(),
    ),
  ],
);

/** One wrong sign-in code entered for a driver; the lock counts those of the last 24 hours. */
export const driverSignInFailures = pgTable(
  'driver_sign_in_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    driverId: uuid('driver_id')
      .notNull()
      .references(() => drivers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('driver_sign_in_failures_driver_created_idx').on(table.driverId, table.createdAt),
  ],
);

export const trucks = pgTable(
  'trucks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    truckNumber: text('truck_number').notNull(),
    truckType: text('truck_type').notNull(),
    model: text('model').notNull(),
    truckYear: integer('truck_year').notNull(),
    capacityKg: numeric('capacity_kg', { precision: 12, scale: 2 }).notNull(),
    /** The load space in m³, when known: only then does volume limit a run (migration 0026). */
    capacityM3: numeric('capacity_m3', { precision: 8, scale: 2 }),
    technicalDate: date('technical_date').notNull(),
    status: truckStatusEnum('status').notNull().default('AVAILABLE'),
    location: text('location').notNull().default('Depot 1'),
    driverId: uuid('driver_id')
      .notNull()
      .references(() => drivers.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('trucks_truck_number_unique').on(table.truckNumber),
    uniqueIndex('trucks_driver_id_unique').on(table.driverId),
    index('trucks_status_idx').on(
      table.status,
      table.updatedAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Public, short and unguessable (e.g. MA-7K3Q-9ZP2): what a customer shares. */
    trackingNumber: text('tracking_number').notNull(),
    /** Whose order it is: every customer read and write goes by it. */
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    /** Who created it (a member of the organization). */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: orderStatusEnum('status').notNull().default('PENDING'),
    priority: priorityEnum('priority').notNull().default('normal'),
    cargoType: cargoTypeEnum('cargo_type').notNull().default('general'),
    pickupLoc: text('pickup_loc').notNull(),
    deliveryLoc: text('delivery_loc').notNull(),
    pickupAddress: text('pickup_address'),
    deliveryAddress: text('delivery_address'),
    pickupLat: doublePrecision('pickup_lat').notNull(),
    pickupLng: doublePrecision('pickup_lng').notNull(),
    deliveryLat: doublePrecision('delivery_lat').notNull(),
    deliveryLng: doublePrecision('delivery_lng').notNull(),
    weightKg: numeric('weight_kg', { precision: 12, scale: 2 }).notNull(),
    lengthCm: numeric('length_cm', { precision: 10, scale: 2 }).notNull(),
    widthCm: numeric('width_cm', { precision: 10, scale: 2 }).notNull(),
    heightCm: numeric('height_cm', { precision: 10, scale: 2 }).notNull(),
    quantity: integer('quantity').notNull().default(1),
    receiverName: text('receiver_name'),
    receiverPhone: text('receiver_phone'),
    receiverEmail: text('receiver_email'),
    shipmentInfo: text('shipment_info'),
    shipmentNote: text('shipment_note'),
    priceCentimes: bigint('price_centimes', { mode: 'number' }).notNull(),
    distanceKm: numeric('distance_km', { precision: 10, scale: 2 }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    truckId: uuid('truck_id').references(() => trucks.id, { onDelete: 'restrict' }),
    driverId: uuid('driver_id').references(() => drivers.id, { onDelete: 'restrict' }),
    cancelReason: text('cancel_reason'),
    exitDate: timestamp('exit_date', { withTimezone: true }),
    estimatedDelivery: timestamp('estimated_delivery', { withTimezone: true }),
    deliveryDate: timestamp('delivery_date', { withTimezone: true }),
    pickedUpAt: timestamp('picked_up_at', { withTimezone: true }),
    /**
     * Random per dispatch; the receiver's delivery code is derived from it with a server key
     * (src/server/drivers/delivery-code.ts), so the database alone never reveals a code.
     */
    deliveryCodeNonce: text('delivery_code_nonce'),
    /** Wrong delivery codes tried; at the limit the driver is locked out of this order. */
    deliveryCodeFailures: integer('delivery_code_failures').notNull().default(0),
    /** What the driver collected at the door (centimes); null until then. */
    cashCollectedCentimes: bigint('cash_collected_centimes', { mode: 'number' }),
    /** The goods' value the receiver pays at the door for the merchant (centimes). */
    codAmountCentimes: bigint('cod_amount_centimes', { mode: 'number' }).notNull().default(0),
    feePaidBy: text('fee_paid_by', { enum: FEE_PAYERS }).notNull().default('sender'),
    declaredValueCentimes: bigint('declared_value_centimes', { mode: 'number' }),
    /** The goods' value plus the price when the receiver pays it (#shared/merchant-money). */
    amountToCollectCentimes: bigint('amount_to_collect_centimes', { mode: 'number' })
      .notNull()
      .generatedAlwaysAs(
        sql`cod_amount_centimes + case when fee_paid_by = 'receiver' then price_centimes else 0 end`,
      ),
    /** How much of the cash collected on this order the driver has handed in to the office. */
    cashHandedInCentimes: bigint('cash_handed_in_centimes', { mode: 'number' })
      .notNull()
      .default(0),
    /** The merchant's own order number, unique in its organization (docs/decisions/0021-shippers-api.md). */
    reference: text('reference'),
    /** The API key that created the order, or the import it came from; both null on screens. */
    apiKeyId: uuid('api_key_id').references(() => apiKeys.id, { onDelete: 'restrict' }),
    importId: uuid('import_id').references(() => parcelImports.id, { onDelete: 'restrict' }),
    /** The spreadsheet row an imported order came from: one order per row of an import. */
    importRow: integer('import_row'),
    /*
     * Failed attempts and returns (migration 0025, docs/decisions/0023-failed-deliveries-and-returns.md).
     */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    /** The day of the next attempt (YYYY-MM-DD, Morocco), when the receiver or merchant chose one. */
    nextAttemptOn: date('next_attempt_on'),
    /** Set by a failed attempt that left the parcel on the road; cleared by the decision taken. */
    awaitingDecisionSince: timestamp('awaiting_decision_since', { withTimezone: true }),
    receiverInstructions: text('receiver_instructions'),
    /** Another phone the receiver gave through their link (E.164). */
    receiverOtherPhone: text('receiver_other_phone'),
    /** Random per dispatch; the receiver's link token is derived from it with a server key. */
    receiverTokenNonce: text('receiver_token_nonce'),
    /** SHA-256 (hex) of the receiver's link token: how a link finds its order. */
    receiverTokenHash: text('receiver_token_hash'),
    returnStartedAt: timestamp('return_started_at', { withTimezone: true }),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    returnReason: text('return_reason'),
    /** The delivered order of the same organization this one exchanges. */
    exchangeOf: uuid('exchange_of').references((): AnyPgColumn => orders.id, {
      onDelete: 'restrict',
    }),
    /** The receiver may open the parcel before paying. */
    allowOpen: boolean('allow_open').notNull().default(false),
    /** The run that carries it while it is on the road (docs/decisions/0024-runs-and-planning.md). */
    runId: uuid('run_id').references((): AnyPgColumn => runs.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('orders_tracking_number_unique').on(table.trackingNumber),
    index('orders_user_created_idx').on(
      table.userId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('orders_organization_created_idx').on(
      table.organizationId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    uniqueIndex('orders_organization_reference_unique')
      .on(table.organizationId, table.reference)
      .where(sql`${table.reference} is not null`),
    index('orders_organization_updated_idx').on(table.organizationId, table.updatedAt, table.id),
    index('orders_import_idx')
      .on(table.importId)
      .where(sql`${table.importId} is not null`),
    uniqueIndex('orders_import_row_unique')
      .on(table.importId, table.importRow)
      .where(sql`${table.importId} is not null`),
    index('orders_organization_status_created_idx').on(
      table.organizationId,
      table.status,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('orders_status_created_idx').on(
      table.status,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('orders_created_idx').on(
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // The month's deliveries, for the invoicing run (src/server/invoices, migration 0017).
    index('orders_delivered_date_idx')
      .on(table.deliveryDate, table.organizationId)
      .where(sql`${table.status} = 'DELIVERED'`),
    index('orders_delivery_loc_idx').on(sql`lower(${table.deliveryLoc})`),
    // The admin search (src/server/orders/admin-order-queries.ts) turns every part of its text into
    // an indexed condition: a pickup city, and a tracking-number prefix whatever the collation.
    index('orders_pickup_loc_idx').on(sql`lower(${table.pickupLoc})`),
    index('orders_tracking_number_pattern_idx').on(table.trackingNumber.op('text_pattern_ops')),
    index('orders_run_idx')
      .on(table.runId)
      .where(sql`${table.runId} is not null`),
    uniqueIndex('orders_receiver_token_hash_unique')
      .on(table.receiverTokenHash)
      .where(sql`${table.receiverTokenHash} is not null`),
    uniqueIndex('orders_exchange_of_unique')
      .on(table.exchangeOf)
      .where(sql`${table.exchangeOf} is not null`),
    // The returns screens (migration 0025): parcels waiting for a decision, returned ones.
    index('orders_awaiting_decision_idx')
      .on(table.awaitingDecisionSince, table.id)
      .where(sql`${table.awaitingDecisionSince} is not null`),
    index('orders_organization_awaiting_decision_idx')
      .on(table.organizationId, table.awaitingDecisionSince, table.id)
      .where(sql`${table.awaitingDecisionSince} is not null`),
    index('orders_returned_idx')
      .on(table.returnedAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.returnedAt} is not null`),
    index('orders_organization_returned_idx')
      .on(table.organizationId, table.returnedAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.returnedAt} is not null`),
    // A driver's page: their orders on the road, then their latest deliveries.
    index('orders_driver_status_updated_idx').on(
      table.driverId,
      table.status,
      table.updatedAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // A remittance settles the driver's deliveries not all handed in yet, oldest first
    // (src/server/ledger/cash-settlement.ts; migration 0018).
    index('orders_driver_cash_due_idx')
      .on(table.driverId, table.deliveryDate, table.id)
      .where(sql`${table.cashCollectedCentimes} > ${table.cashHandedInCentimes}`),
    // The cash ledger sums, per driver, the cash collected on delivery.
    index('orders_driver_cash_idx')
      .on(table.driverId, table.cashCollectedCentimes)
      .where(sql`${table.cashCollectedCentimes} is not null`),
    // The back office's list of deliveries collected off the amount to collect, newest first
    // (src/server/cash; migration 0016).
    index('orders_cash_off_price_idx')
      .on(table.deliveryDate.desc().nullsLast(), table.id.desc().nullsFirst())
      .where(sql`${table.cashCollectedCentimes} <> ${table.amountToCollectCentimes}`),
  ],
);

/** Each failed delivery attempt of an order, as the driver reported it (migration 0025). */
export const runStatusEnum = pgEnum('run_status', RUN_STATUSES);

/** A plan the office asked for and what the solver proposed (docs/decisions/0024-runs-and-planning.md). */
export const runPlans = pgTable('run_plans', {
  id: uuid('id').primaryKey().defaultRandom(),
  planDate: date('plan_date').notNull(),
  request: jsonb('request').$type<RunPlanRequestRecord>().notNull(),
  proposal: jsonb('proposal').$type<RunPlanProposalRecord>().notNull(),
  createdBy: uuid('created_by')
    .notNull()
    .references(() => users.id, { onDelete: 'restrict' }),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** A truck, its driver, a day and ordered stops. */
export const runs = pgTable(
  'runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    truckId: uuid('truck_id')
      .notNull()
      .references(() => trucks.id, { onDelete: 'restrict' }),
    driverId: uuid('driver_id')
      .notNull()
      .references(() => drivers.id, { onDelete: 'restrict' }),
    runDate: date('run_date').notNull(),
    status: runStatusEnum('status').notNull().default('planned'),
    distanceKm: numeric('distance_km', { precision: 10, scale: 2 }).notNull().default('0'),
    durationMinutes: integer('duration_minutes').notNull().default(0),
    planId: uuid('plan_id').references(() => runPlans.id, { onDelete: 'restrict' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'restrict' }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // The database itself refuses a second run that has not ended on one truck.
    uniqueIndex('runs_one_active_per_truck')
      .on(table.truckId)
      .where(sql`${table.status} <> 'ended'`),
    index('runs_date_idx').on(table.runDate.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('runs_status_date_idx').on(
      table.status,
      table.runDate.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('runs_driver_status_idx').on(table.driverId, table.status),
  ],
);

/** One stop of a run: the pickup or the delivery of one of its orders, at its position. */
export const runStops = pgTable(
  'run_stops',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    runId: uuid('run_id')
      .notNull()
      .references(() => runs.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: RUN_STOP_KINDS }).notNull(),
    outcome: text('outcome', { enum: RUN_STOP_OUTCOMES }),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('run_stops_run_position_unique').on(table.runId, table.position),
    uniqueIndex('run_stops_run_order_kind_unique').on(table.runId, table.orderId, table.kind),
    index('run_stops_order_idx').on(table.orderId),
  ],
);

export const deliveryAttempts = pgTable(
  'delivery_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** 1 for the order's first failed attempt, then 2, 3… */
    attempt: integer('attempt').notNull(),
    reason: text('reason', { enum: FAILED_ATTEMPT_REASONS }).notNull(),
    note: text('note'),
    /** The day the receiver asked for, when they postponed. */
    nextAttemptOn: date('next_attempt_on'),
    driverId: uuid('driver_id').references(() => drivers.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('delivery_attempts_order_attempt_unique').on(table.orderId, table.attempt),
    index('delivery_attempts_created_idx').on(
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);

export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The order of events as they were written: the `id:` of a live event, which a reconnecting
     * client sends back (Last-Event-ID) to replay what it missed (docs/architecture.md).
     */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Which transition of the lifecycle (src/shared/order-lifecycle.ts) wrote it. */
    kind: orderEventKindEnum('kind').notNull(),
    status: orderStatusEnum('status').notNull(),
    location: text('location'),
    note: text('note'),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('tracking_events_order_created_idx').on(table.orderId, table.createdAt),
    uniqueIndex('tracking_events_seq_unique').on(table.seq),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountCentimes: bigint('amount_centimes', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('MAD'),
    method: paymentMethodEnum('method').notNull().default('cash_on_delivery'),
    status: paymentStatusEnum('status').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('payments_order_id_unique').on(table.orderId),
    index('payments_created_idx').on(
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('payments_status_idx').on(table.status),
    // Revenue (dashboard total and chart) reads only paid payments, by the day they were paid.
    index('payments_paid_idx')
      .on(table.paidAt, table.amountCentimes)
      .where(sql`${table.status} = 'paid'`),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    /**
     * What happened and its facts: the text is written when the notification is read, in the
     * reader's language at that moment (docs/decisions/0010-languages.md).
     */
    kind: orderEventKindEnum('kind'),
    /** A notice about the organization's money instead of an order (migration 0019). */
    notice: text('notice').$type<MoneyNoticeKind>(),
    params: jsonb('params').$type<Record<string, string>>(),
    /** Only rows from before migration 0005 (kind null): their English text as written then. */
    title: text('title'),
    body: text('body'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('notifications_user_created_idx').on(table.userId, table.createdAt.desc().nullsFirst()),
    check(
      'notifications_text_check',
      sql`${table.kind} is not null or ${table.notice} is not null or (${table.title} is not null and ${table.body} is not null)`,
    ),
    check(
      'notifications_notice_check',
      sql`${table.notice} is null or ${table.notice} in ('payout_paid')`,
    ),
  ],
);

/**
 * The transactional outbox (docs/architecture.md, "The outbox"): every mail and SMS is a row
 * written in the transaction of the change it announces, rendered from its template and
 * parameters when a worker sends it, and retried until sent or given up.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    /** Also the mail's Message-ID and the SMS request's id, so a receiver can drop a replay. */
    id: uuid('id').primaryKey().defaultRandom(),
    channel: outboxChannelEnum('channel').notNull(),
    recipient: text('recipient').notNull(),
    template: text('template').notNull(),
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    locale: text('locale').notNull().default('en'),
    status: outboxStatusEnum('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /**
     * When a queued message is due. A worker that claims it pushes this forward by its lease,
     * so a worker that dies mid-send leaves it due again once the lease runs out.
     */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).defaultNow(),
    lastError: text('last_error'),
    /** A webhook delivery's body (docs/decisions/0021-shippers-api.md); null for mail and SMS. */
    payload: jsonb('payload'),
    /** A webhook endpoint's last HTTP answer; null until it answered once. */
    lastStatusCode: integer('last_status_code'),
    /**
     * The text of an SMS that no gateway sent, on a local run (never in production): the admin's
     * Messages screen shows it, so a driver's code can be read without a phone.
     */
    localText: text('local_text'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('outbox_messages_created_idx').on(
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('outbox_messages_status_created_idx').on(
      table.status,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('outbox_messages_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'queued'`),
    // The back office finds the messages to one recipient, or about one order.
    index('outbox_messages_recipient_idx').on(
      table.recipient,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('outbox_messages_tracking_number_idx').on(sql`(${table.params} ->> 'trackingNumber')`),
  ],
);

/** Cash a driver handed in at the office, against what they collected on delivery. */
export const cashRemittances = pgTable(
  'cash_remittances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    driverId: uuid('driver_id')
      .notNull()
      .references(() => drivers.id, { onDelete: 'restrict' }),
    amountCentimes: bigint('amount_centimes', { mode: 'number' }).notNull(),
    note: text('note'),
    recordedByUserId: uuid('recorded_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (table) => [
    index('cash_remittances_driver_created_idx').on(
      table.driverId,
      table.createdAt.desc().nullsFirst(),
    ),
    index('cash_remittances_created_idx').on(
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);

/** Where a driver's phone said it was; kept 30 days. */
export const driverPositions = pgTable(
  'driver_positions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    driverId: uuid('driver_id')
      .notNull()
      .references(() => drivers.id, { onDelete: 'cascade' }),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    /** Metres, as the browser reported it. */
    accuracyM: doublePrecision('accuracy_m'),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('driver_positions_driver_recorded_idx').on(
      table.driverId,
      table.recordedAt.desc().nullsFirst(),
    ),
    index('driver_positions_recorded_idx').on(table.recordedAt),
  ],
);

/**
 * The first answer to a request sent with an `Idempotency-Key`, so a replay (a driver's phone
 * resending a queued action) gets that answer instead of a second application.
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** Method and URL: the same key sent to another route is refused, not replayed. */
    route: text('route').notNull(),
    /** Null while the first request is still being answered. */
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.key] }),
    index('idempotent_requests_created_idx').on(table.createdAt),
  ],
);

/*
 * Counters (docs/architecture.md, "Counters"): kept by the statement-level triggers of migration
 * 0007 in the transaction of every change to orders and payments, so the dashboards and the list
 * totals read a handful of rows however many orders there are. A figure that falls to 0 keeps its
 * row.
 */

/** Every account, by role (migration 0009): the admin dashboard's count of web users. */
export const userCounts = pgTable('user_counts', {
  role: roleEnum('role').primaryKey(),
  users: bigint('users', { mode: 'number' }).notNull(),
});

/** Every order, by status. */
export const orderCounts = pgTable('order_counts', {
  status: orderStatusEnum('status').primaryKey(),
  orders: bigint('orders', { mode: 'number' }).notNull(),
});

/** Each organization's orders, by status (per customer before migration 0011). */
export const organizationOrderCounts = pgTable(
  'organization_order_counts',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    status: orderStatusEnum('status').notNull(),
    orders: bigint('orders', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.status] })],
);

/**
 * An owner's invitation to join their organization: mailed as a link valid 7 days, usable once;
 * only the token's SHA-256 is kept.
 */
export const organizationInvitations = pgTable(
  'organization_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    orgRole: orgRoleEnum('org_role').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    invitedByUserId: uuid('invited_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('organization_invitations_token_hash_unique').on(table.tokenHash),
    index('organization_invitations_organization_idx').on(table.organizationId, table.createdAt),
  ],
);

/** Every payment, by status: how many and their amount. */
export const paymentTotals = pgTable('payment_totals', {
  status: paymentStatusEnum('status').primaryKey(),
  payments: bigint('payments', { mode: 'number' }).notNull(),
  amountCentimes: bigint('amount_centimes', { mode: 'number' }).notNull(),
});

/**
 * Per UTC hour (a timestamp without time zone, read as UTC): the orders created in it, and the
 * centimes of the payments paid in it.
 */
export const orderHourlyTotals = pgTable('order_hourly_totals', {
  hour: timestamp('hour', { mode: 'string' }).primaryKey(),
  orders: bigint('orders', { mode: 'number' }).notNull(),
  paidCentimes: bigint('paid_centimes', { mode: 'number' }).notNull(),
});

/**
 * The audit trail (docs/decisions/0016-audit-trail.md): one row per office action, written in
 * the action's transaction by src/server/audit/. The database refuses UPDATE, DELETE and
 * TRUNCATE on it (migration 0010).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: uuid('actor_user_id')
      .notNull()
      .references(() => users.id),
    actorRole: roleEnum('actor_role').notNull(),
    action: text('action').notNull(),
    recordType: text('record_type').notNull(),
    recordId: text('record_id').notNull(),
    /** The fields the action changed, as they were and as they became. */
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    /** The client's address as the request gave it (TRUST_PROXY decides whom to believe). */
    ip: text('ip').notNull(),
  },
  (table) => [
    index('audit_log_at_idx').on(table.at.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('audit_log_actor_at_idx').on(
      table.actorUserId,
      table.at.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('audit_log_action_at_idx').on(
      table.action,
      table.at.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('audit_log_record_at_idx').on(
      table.recordType,
      table.recordId,
      table.at.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);

/**
 * Attempt-limit counters shared by every process on PostgreSQL without Redis
 * (docs/decisions/0017-security-review.md, "Attempt limits across processes"): one row per key
 * and its current window, which starts at the key's first attempt.
 */
export const attemptCounters = pgTable(
  'attempt_counters',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('attempt_counters_expires_idx').on(table.expiresAt)],
);

/** The office's business settings: one row (migration 0015), edited at /admin/settings. */
export const businessSettings = pgTable('business_settings', {
  id: boolean('id').primaryKey().default(true),
  legalName: text('legal_name').notNull(),
  address: text('address').notNull(),
  ice: text('ice').notNull(),
  ifNumber: text('if_number').notNull(),
  rc: text('rc').notNull(),
  tp: text('tp').notNull(),
  patente: text('patente').notNull(),
  vatRatePercent: numeric('vat_rate_percent', { precision: 5, scale: 2 }).notNull(),
  codFeePercent: numeric('cod_fee_percent', { precision: 5, scale: 2 }).notNull(),
  payoutMinimumCentimes: bigint('payout_minimum_centimes', { mode: 'number' }).notNull(),
  /** Failed attempts after which a parcel's return starts on its own (migration 0025). */
  maxDeliveryAttempts: integer('max_delivery_attempts').notNull(),
  /** The return fee, as a percentage of the delivery price. */
  returnFeePercent: numeric('return_fee_percent', { precision: 5, scale: 2 }).notNull(),
  updatedAt: updatedAt(),
});

export const ledgerEntryTypeEnum = pgEnum('ledger_entry_type', LEDGER_ENTRY_TYPES);

/** A batch of bank transfers to merchants, paid when the office marks it so. */
export const payoutBatches = pgTable(
  'payout_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull(),
    totalCentimes: bigint('total_centimes', { mode: 'number' }).notNull(),
    organizationCount: integer('organization_count').notNull(),
    createdAt: createdAt(),
    createdByUserId: uuid('created_by_user_id')
      .notNull()
      .references(() => users.id),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidReference: text('paid_reference'),
    markedPaidByUserId: uuid('marked_paid_by_user_id').references(() => users.id),
  },
  (table) => [
    uniqueIndex('payout_batches_number_unique').on(table.number),
    index('payout_batches_created_idx').on(
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);

/**
 * An organization's money, one row per change (docs/decisions/0020-merchant-money.md): the
 * database refuses UPDATE, DELETE and TRUNCATE (migration 0015). The running balance is taken
 * from organization_balances in the row's own transaction, never by summing rows.
 */
export const merchantLedgerEntries = pgTable(
  'merchant_ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order of one organization's rows, as their running balances were taken. */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    type: ledgerEntryTypeEnum('type').notNull(),
    /** Signed: positive is owed to the merchant. */
    amountCentimes: bigint('amount_centimes', { mode: 'number' }).notNull(),
    balanceAfterCentimes: bigint('balance_after_centimes', { mode: 'number' }).notNull(),
    /** No foreign key (migration 0015): a cascading TRUNCATE of orders must not reach here. */
    orderId: uuid('order_id'),
    payoutBatchId: uuid('payout_batch_id').references(() => payoutBatches.id),
    reason: text('reason'),
    createdByUserId: uuid('created_by_user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (table) => [
    index('merchant_ledger_organization_created_idx').on(
      table.organizationId,
      table.createdAt.desc().nullsFirst(),
      table.seq.desc().nullsFirst(),
    ),
    index('merchant_ledger_organization_type_created_idx').on(
      table.organizationId,
      table.type,
      table.createdAt.desc().nullsFirst(),
      table.seq.desc().nullsFirst(),
    ),
    index('merchant_ledger_order_idx')
      .on(table.orderId)
      .where(sql`${table.orderId} is not null`),
  ],
);

/**
 * The kept totals of each organization's ledger: balance = pending (waiting on a driver's cash)
 * + payable (released, in no batch) + in payout (in a batch not yet paid).
 */
export const organizationBalances = pgTable(
  'organization_balances',
  {
    organizationId: uuid('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    balanceCentimes: bigint('balance_centimes', { mode: 'number' }).notNull().default(0),
    pendingCentimes: bigint('pending_centimes', { mode: 'number' }).notNull().default(0),
    payableCentimes: bigint('payable_centimes', { mode: 'number' }).notNull().default(0),
    inPayoutCentimes: bigint('in_payout_centimes', { mode: 'number' }).notNull().default(0),
    collectedCentimes: bigint('collected_centimes', { mode: 'number' }).notNull().default(0),
    /** Delivery and COD fees taken, as a negative sum. */
    feesCentimes: bigint('fees_centimes', { mode: 'number' }).notNull().default(0),
    adjustmentsCentimes: bigint('adjustments_centimes', { mode: 'number' }).notNull().default(0),
    /** Payouts made, as a negative sum. */
    paidOutCentimes: bigint('paid_out_centimes', { mode: 'number' }).notNull().default(0),
    entryCount: bigint('entry_count', { mode: 'number' }).notNull().default(0),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('organization_balances_payable_idx')
      .on(table.payableCentimes)
      .where(sql`${table.payableCentimes} > 0`),
  ],
);

/**
 * The ledger rows no payout batch holds yet. A row is released once nothing about it waits on a
 * driver's cash; a batch deletes the released ones it takes, so no row is ever paid twice.
 */
export const ledgerOpenItems = pgTable(
  'ledger_open_items',
  {
    entryId: uuid('entry_id')
      .primaryKey()
      .references(() => merchantLedgerEntries.id),
    organizationId: uuid('organization_id').notNull(),
    orderId: uuid('order_id'),
    amountCentimes: bigint('amount_centimes', { mode: 'number' }).notNull(),
    released: boolean('released').notNull(),
  },
  (table) => [
    index('ledger_open_items_released_idx')
      .on(table.organizationId)
      .where(sql`${table.released}`),
    index('ledger_open_items_pending_order_idx')
      .on(table.orderId)
      .where(sql`not ${table.released}`),
  ],
);

/** What each organization is paid in a batch, its bank details frozen as they were. */
export const payoutBatchItems = pgTable(
  'payout_batch_items',
  {
    batchId: uuid('batch_id')
      .notNull()
      .references(() => payoutBatches.id),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    amountCentimes: bigint('amount_centimes', { mode: 'number' }).notNull(),
    rib: text('rib').notNull(),
    ribHolder: text('rib_holder').notNull(),
    payoutEntryId: uuid('payout_entry_id').references(() => merchantLedgerEntries.id),
  },
  (table) => [
    primaryKey({ name: 'payout_batch_items_pk', columns: [table.batchId, table.organizationId] }),
    index('payout_batch_items_organization_idx').on(table.organizationId, table.batchId),
  ],
);

/** Every ledger row a batch pays, once: the primary key refuses a second batch. */
export const payoutBatchEntries = pgTable(
  'payout_batch_entries',
  {
    entryId: uuid('entry_id')
      .primaryKey()
      .references(() => merchantLedgerEntries.id),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => payoutBatches.id),
    organizationId: uuid('organization_id').notNull(),
  },
  (table) => [index('payout_batch_entries_batch_idx').on(table.batchId, table.organizationId)],
);

/** The last number given per kind of document and year: taken by an upsert that locks its row. */
export const invoiceNumberCounters = pgTable(
  'invoice_number_counters',
  {
    kind: text('kind', { enum: INVOICE_KINDS }).notNull(),
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (table) => [
    primaryKey({ name: 'invoice_number_counters_pk', columns: [table.kind, table.year] }),
  ],
);

/**
 * Invoices and credit notes (docs/decisions/0020-merchant-money.md, "Invoices"): never changed
 * nor deleted (migration 0017's triggers). Customer, carrier and VAT rate are frozen as issued.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: INVOICE_KINDS }).notNull(),
    number: text('number').notNull(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    /** yyyy-MM: the month invoiced; a credit note carries its invoice's. */
    month: text('month').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    creditedInvoiceId: uuid('credited_invoice_id').references((): AnyPgColumn => invoices.id),
    reason: text('reason'),
    customerName: text('customer_name').notNull(),
    customerAddress: text('customer_address'),
    customerIce: text('customer_ice'),
    carrier: jsonb('carrier').$type<InvoiceCarrier>().notNull(),
    vatRatePercent: numeric('vat_rate_percent', { precision: 5, scale: 2 }).notNull(),
    totalHtCentimes: bigint('total_ht_centimes', { mode: 'number' }).notNull(),
    totalVatCentimes: bigint('total_vat_centimes', { mode: 'number' }).notNull(),
    totalTtcCentimes: bigint('total_ttc_centimes', { mode: 'number' }).notNull(),
    lineCount: integer('line_count').notNull(),
    /** Null when the monthly job issued it. */
    issuedByUserId: uuid('issued_by_user_id').references(() => users.id),
  },
  (table) => [
    uniqueIndex('invoices_number_unique').on(table.number),
    uniqueIndex('invoices_organization_month_unique')
      .on(table.organizationId, table.month)
      .where(sql`${table.kind} = 'invoice'`),
    index('invoices_issued_idx').on(
      table.issuedAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('invoices_organization_issued_idx').on(
      table.organizationId,
      table.issuedAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('invoices_credited_invoice_idx')
      .on(table.creditedInvoiceId)
      .where(sql`${table.creditedInvoiceId} is not null`),
  ],
);

/** An invoice's lines, in order; no foreign key to orders (migration 0017). */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    position: integer('position').notNull(),
    kind: text('kind', { enum: INVOICE_LINE_KINDS }).notNull(),
    reference: text('reference'),
    orderId: uuid('order_id'),
    quantity: integer('quantity').notNull(),
    unitTtcCentimes: bigint('unit_ttc_centimes', { mode: 'number' }).notNull(),
    totalTtcCentimes: bigint('total_ttc_centimes', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ name: 'invoice_lines_pk', columns: [table.invoiceId, table.position] })],
);
/**
 * The last payout batch number given in each year (migration 0019): VR-<year>-<6 digits>, without
 * gaps, since a batch holds its year's row locked until it commits or rolls back.
 */
export const payoutBatchCounters = pgTable(
  'payout_batch_counters',
  {
    year: integer('year').primaryKey(),
    lastNumber: integer('last_number').notNull(),
  },
  (table) => [
    check('payout_batch_counters_last_number_check', sql`${table.lastNumber} between 1 and 999999`),
  ],
);

/*
 * The shippers' integration (docs/decisions/0021-shippers-api.md).
 */

/** An organization's API key: only the SHA-256 of its secret is kept; `prefix` is what lists show. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    scopes: text('scopes').array().$type<ApiKeyScope[]>().notNull(),
    createdByUserId: uuid('created_by_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('api_keys_secret_hash_unique').on(table.secretHash),
    index('api_keys_organization_idx').on(table.organizationId, table.createdAt.desc()),
  ],
);

/** One uploaded spreadsheet: its rows as checked, until confirmed into orders. */
export const parcelImports = pgTable(
  'parcel_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    createdByUserId: uuid('created_by_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    fileName: text('file_name').notNull(),
    rowCount: integer('row_count').notNull(),
    validCount: integer('valid_count').notNull(),
    rows: jsonb('rows').notNull(),
    status: text('status', { enum: ['checked', 'confirmed'] })
      .notNull()
      .default('checked'),
    createdCount: integer('created_count'),
    createdAt: createdAt(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (table) => [
    index('parcel_imports_organization_idx').on(table.organizationId, table.createdAt.desc()),
  ],
);

/** A webhook endpoint; its signing secret is sealed with a key derived from the server's secret. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    url: text('url').notNull(),
    events: text('events').array().$type<WebhookEventSubscription[]>().notNull(),
    secretSealed: text('secret_sealed').notNull(),
    /** The owner's note to tell endpoints apart (migration 0022). */
    description: text('description'),
    createdByUserId: uuid('created_by_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The first failure since the last success; three days of failures disable the endpoint. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    disabledReason: text('disabled_reason', { enum: ['owner', 'failing', 'gone'] }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('webhook_endpoints_organization_idx')
      .on(table.organizationId, table.createdAt.desc())
      .where(sql`${table.deletedAt} is null`),
  ],
);

/**
 * A hand-over sheet (docs/decisions/0022-labels-manifests-scanning.md): the office's `dispatch`
 * sheets list parcels leaving with a driver, a merchant's `collection` sheets the parcels a driver
 * collects from it. Its lines keep what was printed.
 */
export const manifests = pgTable(
  'manifests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** A short number people say and write on the paper, from a sequence. */
    number: bigint('number', { mode: 'number' })
      .notNull()
      .default(sql`nextval('manifest_number_seq')`),
    kind: text('kind', { enum: MANIFEST_KINDS }).notNull(),
    organizationId: uuid('organization_id').references(() => organizations.id, {
      onDelete: 'restrict',
    }),
    driverId: uuid('driver_id').references(() => drivers.id, { onDelete: 'restrict' }),
    truckId: uuid('truck_id').references(() => trucks.id, { onDelete: 'restrict' }),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    parcelCount: integer('parcel_count').notNull(),
    totalToCollectCentimes: bigint('total_to_collect_centimes', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('manifests_number_unique').on(table.number),
    index('manifests_created_idx').on(table.createdAt.desc(), table.id.desc()),
    index('manifests_organization_created_idx')
      .on(table.organizationId, table.createdAt.desc(), table.id.desc())
      .where(sql`${table.organizationId} is not null`),
    index('manifests_driver_created_idx')
      .on(table.driverId, table.createdAt.desc())
      .where(sql`${table.driverId} is not null`),
  ],
);

/** One line of a hand-over sheet, in the order printed. */
export const manifestParcels = pgTable(
  'manifest_parcels',
  {
    manifestId: uuid('manifest_id')
      .notNull()
      .references(() => manifests.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    receiverCity: text('receiver_city').notNull(),
    amountToCollectCentimes: bigint('amount_to_collect_centimes', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ name: 'manifest_parcels_pk', columns: [table.manifestId, table.position] }),
    unique('manifest_parcels_order_once').on(table.manifestId, table.orderId),
    index('manifest_parcels_order_idx').on(table.orderId),
  ],
);
