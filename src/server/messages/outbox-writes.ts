/*
 * What other features write to the outbox in their own transaction (docs/architecture.md, "The
 * outbox"): the one way in to the outbox's writes from outside messages/. Webhook deliveries are
 * also read and queued again from here by the webhooks' delivery log
 * (docs/decisions/0021-shippers-api.md).
 */
export {
  insertWebhookDeliveries,
  type NewWebhookDelivery,
  failQueuedWebhookDeliveries,
  findWebhookDelivery,
  listWebhookDeliveries,
  requeueWebhookDelivery,
  type WebhookDeliveryRow,
} from './outbox-queries';
