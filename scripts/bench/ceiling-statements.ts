/*
 * The ceiling's SQL (scripts/bench/ceiling-server.ts): each statement named, so node-postgres
 * prepares it once per connection and then only binds values. Totals and dashboards read the
 * counter tables of migration 0007; a page's ids are chosen from the orders alone through the index
 * in its order, and then only their rows are read, joined, by one parameter per id (as the app
 * does, for the same reason: src/server/orders/order-page-queries.ts).
 */

export interface NamedStatement {
  name: string;
  text: string;
}

const statement = (name: string, text: string): NamedStatement => ({ name, text });

export const SESSION_USER = statement(
  'ceiling_session_user',
  `select u.id, u.email, u.role, u.user_type, u.organization_id, d.id as driver_id, s.last_seen_at
   from sessions s
   join users u on u.id = s.user_id
   left join drivers d on d.user_id = u.id
   where s.id = $1 and s.user_id = $2 and s.revoked_at is null and s.expires_at > $3
     and s.last_seen_at > case u.role when 'ADMIN' then $4::timestamptz
       when 'USER' then $5::timestamptz else $6::timestamptz end
     and d.deactivated_at is null`,
);

export const TOUCH_SESSION = statement(
  'ceiling_touch_session',
  `update sessions set last_seen_at = $2 where id = $1 and last_seen_at < $3`,
);

export const LOGIN_ACCOUNT = statement(
  'ceiling_login_account',
  `select id, role, password_hash from users where email = $1 and role <> 'DRIVER'`,
);

export const INSERT_SESSION = statement(
  'ceiling_insert_session',
  `insert into sessions (user_id, expires_at, last_seen_at) values ($1, $2, $3) returning id`,
);

export const PROFILE = statement(
  'ceiling_profile',
  `select u.id, u.email, u.role, u.user_type, u.created_at, u.locale, u.org_role,
     u.full_name as member_name, og.id as organization_id, og.name as organization_name,
     c.company_name, c.rc, c.n_if, c.responsable_name, c.phone as company_phone,
     c.address as company_address,
     i.full_name, i.national_id, i.phone as individual_phone, i.address as individual_address,
     d.id as driver_id, d.full_name as driver_name, d.phone as driver_phone, t.truck_number
   from users u
   left join organizations og on og.id = u.organization_id
   left join company_profiles c on c.user_id = u.id
   left join individual_profiles i on i.user_id = u.id
   left join drivers d on d.user_id = u.id
   left join trucks t on t.driver_id = d.id
   where u.id = $1`,
);

/** What an order asks the driver to collect (docs/decisions/0020-merchant-money.md). */
const MONEY_COLUMNS = `o.cod_amount_centimes, o.fee_paid_by, o.declared_value_centimes,
  o.amount_to_collect_centimes`;

/** What a customer's order shows, with its payment and truck. */
const CUSTOMER_ORDER_COLUMNS = `o.id, o.tracking_number, o.status, o.priority, o.cargo_type,
  o.pickup_loc, o.delivery_loc, o.pickup_address, o.delivery_address, o.weight_kg, o.length_cm,
  o.width_cm, o.height_cm, o.quantity, o.shipment_info, o.shipment_note, o.cancel_reason,
  o.delivery_date, o.distance_km, o.duration_minutes, o.price_centimes, ${MONEY_COLUMNS},
  o.receiver_name,
  o.receiver_phone, o.receiver_email, o.exit_date, o.estimated_delivery, o.created_at,
  o.failed_attempts, o.next_attempt_on, o.awaiting_decision_since, o.return_reason,
  o.receiver_instructions, o.receiver_other_phone, o.allow_open, o.exchange_of,
  o.updated_at, p.amount_centimes as payment_amount_centimes, p.currency as payment_currency,
  p.method as payment_method, p.status as payment_status, t.truck_number`;

/** What a map of the order and its arrival estimate need (src/server/positions). */
const MAP_COLUMNS = `o.pickup_lat, o.pickup_lng, o.delivery_lat, o.delivery_lng, o.driver_id,
  o.picked_up_at`;

const CUSTOMER_ORDER_JOINS = `left join payments p on p.order_id = o.id
  left join trucks t on t.id = o.truck_id`;

/**
 * A customer's total from the counters ($1: the customer's organization,
 * docs/decisions/0014-organizations.md), read beside a page as the app does.
 */
const CUSTOMER_TOTAL = `(select coalesce(sum(orders), 0) from organization_order_counts
  where organization_id = $1) as total`;
/** Every order, from the counters, read beside a page. */
const ADMIN_TOTAL = `(select coalesce(sum(orders), 0) from order_counts) as total`;

export const CUSTOMER_PAGE_IDS = statement(
  'ceiling_customer_page_ids',
  `select id, ${CUSTOMER_TOTAL} from orders where organization_id = $1
   order by created_at desc, id desc limit $2 offset $3`,
);

/** A first page of `count` customer orders, newest first, and their total ($1: the customer's organization). */
export const customerFirstOrders = (count: number) =>
  statement(
    `ceiling_customer_first_orders_${count}`,
    `select ${CUSTOMER_ORDER_COLUMNS}, ${CUSTOMER_TOTAL}
     from orders o
     ${CUSTOMER_ORDER_JOINS}
     where o.id in (select id from orders where organization_id = $1
       order by created_at desc, id desc limit ${count})
     order by o.created_at desc, o.id desc`,
  );

/**
 * A page of `count` customer orders after, or before, one of theirs, `skip` rows away, newest
 * first, and their total ($1: the customer's organization, $2: the order): keyset paging in one statement, its
 * length and skip in the text, as the app reads it (src/server/orders/order-page-queries.ts).
 */
export const customerOrdersBeyond = (side: 'after' | 'before', count: number, skip: number) =>
  statement(
    `ceiling_customer_orders_${side}_${count}_${skip}`,
    `select ${CUSTOMER_ORDER_COLUMNS}, ${CUSTOMER_TOTAL}
     from orders o
     ${CUSTOMER_ORDER_JOINS}
     where o.id in (select id from orders where organization_id = $1 and (created_at, id) ${
       side === 'after' ? '<' : '>'
     } ((select created_at from orders where id = $2::uuid and organization_id = $1), $2::uuid)
       order by created_at ${side === 'after' ? 'desc' : 'asc'}, id ${
         side === 'after' ? 'desc' : 'asc'
       } limit ${count} offset ${skip})
     order by o.created_at desc, o.id desc`,
  );

/**
 * The customer dashboard's orders, as the app reads them: the `count` newest and the newest
 * delivered ($1: the customer's organization), newest first, in one statement.
 */
export const customerNewestAndDelivered = (count: number) =>
  statement(
    `ceiling_customer_newest_and_delivered_${count}`,
    `select ${CUSTOMER_ORDER_COLUMNS}
     from orders o
     ${CUSTOMER_ORDER_JOINS}
     where o.id = any(array(select id from orders where organization_id = $1
         order by created_at desc, id desc limit ${count})
       || array(select id from orders where organization_id = $1 and status = 'DELIVERED'
         order by created_at desc, id desc limit 1))
     order by o.created_at desc, o.id desc`,
  );

/** `$1, $2, …, $count`: one parameter per id, so the plan knows how many rows come. */
const idParameters = (count: number) =>
  Array.from({ length: count }, (_, n) => `$${n + 1}`).join(', ');

/** The rows of a page of `count` customer orders, by id (in no order). */
export const customerPageRows = (count: number) =>
  statement(
    `ceiling_customer_page_rows_${count}`,
    `select ${CUSTOMER_ORDER_COLUMNS}
     from orders o
     ${CUSTOMER_ORDER_JOINS}
     where o.id in (${idParameters(count)})`,
  );

export const CUSTOMER_COUNTS = statement(
  'ceiling_customer_counts',
  `select status, orders from organization_order_counts where organization_id = $1`,
);

export const CUSTOMER_ORDER = statement(
  'ceiling_customer_order',
  `select ${CUSTOMER_ORDER_COLUMNS}, ${MAP_COLUMNS}, o.delivery_code_nonce,
     o.api_key_id, o.import_id, k.name as api_key_name
   from orders o
   ${CUSTOMER_ORDER_JOINS}
   left join api_keys k on k.id = o.api_key_id
   where o.id = $1 and o.organization_id = $2`,
);

export const TRACKED_ORDER = statement(
  'ceiling_tracked_order',
  `select o.id, o.tracking_number, o.status, o.pickup_loc, o.delivery_loc, o.created_at,
     o.exit_date, o.estimated_delivery, o.delivery_date, o.distance_km, o.duration_minutes,
     o.amount_to_collect_centimes, ${MAP_COLUMNS}
   from orders o
   where o.tracking_number = $1`,
);

export const ORDER_EVENTS = statement(
  'ceiling_order_events',
  `select status, kind, created_at, location, note from tracking_events
   where order_id = $1 order by created_at, id`,
);

export const LATEST_POSITION = statement(
  'ceiling_latest_position',
  `select lat, lng, recorded_at from driver_positions
   where driver_id = $1 and recorded_at >= $2 order by recorded_at desc limit 1`,
);

export const ADMIN_PAGE_IDS = statement(
  'ceiling_admin_page_ids',
  `select id, ${ADMIN_TOTAL} from orders order by created_at desc, id desc limit $1 offset $2`,
);

/** An order as the back office lists it, with its customer, payment, truck and driver. */
const ADMIN_ORDER_COLUMNS = `o.id, o.tracking_number, o.status, o.priority, o.cargo_type,
    o.user_id, o.pickup_loc, o.delivery_loc, o.pickup_address, o.delivery_address, o.weight_kg,
    o.price_centimes, ${MONEY_COLUMNS}, o.distance_km, o.truck_id, o.cancel_reason, o.receiver_name,
    o.receiver_phone, o.exit_date, o.estimated_delivery, o.delivery_date, o.created_at,
    o.updated_at, o.delivery_code_failures, o.cash_collected_centimes,
    p.amount_centimes as payment_amount_centimes, p.status as payment_status,
    p.method as payment_method, p.paid_at,
    u.email, u.user_type, c.company_name, i.full_name, t.truck_number,
    d.id as driver_id, d.full_name as driver_name, d.phone as driver_phone`;
const ADMIN_ORDER_FROM = `from orders o
  join users u on u.id = o.user_id
  left join company_profiles c on c.user_id = o.user_id
  left join individual_profiles i on i.user_id = o.user_id
  left join payments p on p.order_id = o.id
  left join trucks t on t.id = o.truck_id
  left join drivers d on d.id = o.driver_id`;

/** The rows of a page of `count` orders as the back office lists them, by id (in no order). */
export const adminPageRows = (count: number) =>
  statement(
    `ceiling_admin_page_rows_${count}`,
    `select ${ADMIN_ORDER_COLUMNS} ${ADMIN_ORDER_FROM} where o.id in (${idParameters(count)})`,
  );

/** A first page of `count` orders as the back office lists them, newest first, and the total. */
export const newestAdminOrders = (count: number) =>
  statement(
    `ceiling_newest_admin_orders_${count}`,
    `select ${ADMIN_ORDER_COLUMNS}, ${ADMIN_TOTAL} ${ADMIN_ORDER_FROM}
     where o.id in (select id from orders order by created_at desc, id desc limit ${count})
     order by o.created_at desc, o.id desc`,
  );

/** A page of `count` orders after, or before, the order $1, `skip` rows away, newest first. */
export const adminOrdersBeyond = (side: 'after' | 'before', count: number, skip: number) =>
  statement(
    `ceiling_admin_orders_${side}_${count}_${skip}`,
    `select ${ADMIN_ORDER_COLUMNS}, ${ADMIN_TOTAL} ${ADMIN_ORDER_FROM}
     where o.id in (select id from orders where (created_at, id) ${side === 'after' ? '<' : '>'}
       ((select created_at from orders where id = $1::uuid), $1::uuid)
       order by created_at ${side === 'after' ? 'desc' : 'asc'}, id ${
         side === 'after' ? 'desc' : 'asc'
       } limit ${count} offset ${skip})
     order by o.created_at desc, o.id desc`,
  );

export const ORDER_COUNTS = statement(
  'ceiling_order_counts',
  `select status, orders from order_counts`,
);

/**
 * The admin dashboard's figures as one JSON value, as the app reads them: orders by status,
 * trucks, web users, paid centimes, and the orders placed and centimes paid per business day from
 * the UTC hours of order_hourly_totals between $1 and $2 ($3: the business time zone).
 * PostgreSQL's time-zone data puts each hour in its day, as Node's does in the app
 * (src/server/admin/admin-service.ts): the answer check compares the two.
 */
const DASHBOARD_FIGURES = `json_build_object(
  'status_counts', (select json_object_agg(status, orders) from order_counts),
  'trucks', (select count(*) from trucks),
  'web_users', (select coalesce(sum(users), 0) from user_counts where role <> 'DRIVER'),
  'paid', coalesce((select amount_centimes from payment_totals where status = 'paid'), 0),
  'daily', (select json_object_agg(day, json_build_array(orders, paid_centimes))
    from (select to_char((hour at time zone 'UTC') at time zone $3, 'YYYY-MM-DD') as day,
            sum(orders) as orders, sum(paid_centimes) as paid_centimes
          from order_hourly_totals where hour >= $1 and hour < $2
          group by 1) as daily))`;

/**
 * The whole admin dashboard in one statement, as the app reads it: its `count` newest orders,
 * each beside the figures (none when there is no order: DASHBOARD_FIGURES_ALONE then).
 */
export const adminDashboard = (count: number) =>
  statement(
    `ceiling_admin_dashboard_${count}`,
    `select ${ADMIN_ORDER_COLUMNS}, ${DASHBOARD_FIGURES} as figures
     ${ADMIN_ORDER_FROM}
     where o.id in (select id from orders order by created_at desc, id desc limit ${count})
     order by o.created_at desc, o.id desc`,
  );

export const DASHBOARD_FIGURES_ALONE = statement(
  'ceiling_dashboard_figures',
  `select ${DASHBOARD_FIGURES} as figures`,
);
