/*
 * What other features write to the outbox in their own transaction (docs/architecture.md, "The
 * outbox"): the one way in to the outbox's writes from outside messages/.
 */
export { insertWebhookDeliveries, type NewWebhookDelivery } from './outbox-queries';
