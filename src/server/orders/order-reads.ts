/*
 * What other features read of orders and their tracking events: the one way in to the reads of
 * these tables (docs/architecture.md, "The parts"). The queries behind it are private to orders/
 * (eslint.config.js refuses a `*-queries` import from another folder); every statement keeps its
 * text and its prepared name there (docs/decisions/0012-speed-at-scale.md).
 */
export {
  findAdminOrder,
  findAdminOrderDetail,
  idOrTrackingMatches,
  listAdminOrders,
  listAdminReturns,
  listDeliveryAttempts,
  readAdminDashboard,
  type AdminOrderDetailRow,
  type AdminOrderRow,
  type DeliveryAttemptRow,
  type ReturnsWindow,
} from './admin-order-queries';
export {
  findDriverOrder,
  listDriverOrders,
  listDriverOrdersOnTheRoad,
  type DriverOrderRow,
} from './driver-order-queries';
export { sumPaymentTotals, sumStatusCounts, totalPaymentsByStatus } from './order-count-queries';
export {
  findLastEventSeq,
  findOrderIdByTrackingNumber,
  listOrderEventsAfter,
  type EventScope,
} from './order-event-queries';
export { parseOrderSearch, type OrderSearch } from './order-search';
export {
  findOrderWeightKg,
  listTrackingEvents,
  orderMapColumns,
  runStopOrderColumns,
  type TrackingEventRow,
} from './orders-queries';
