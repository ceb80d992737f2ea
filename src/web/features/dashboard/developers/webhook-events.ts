import type { WebhookEventSubscription } from '#shared/shippers-api';

/** The words key of an event ('parcel.picked_up' → '…parcel_picked_up': i18next nests on dots). */
export const webhookEventKey = (event: WebhookEventSubscription) =>
  event === '*'
    ? 'developers.webhooks.allEvents'
    : `developers.webhooks.eventNames.${event.replace('.', '_')}`;
