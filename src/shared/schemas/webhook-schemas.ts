/**
 * Webhook endpoints and their deliveries (docs/decisions/0021-shippers-api.md, "Signed webhooks"):
 * what POST/PATCH /api/org/webhooks and /api/v1/webhooks take and answer, and what the developers'
 * screen's form checks. Whether an address may be reached (https, no private network) is the
 * server's to say: it depends on its configuration and on DNS.
 */
import { z } from 'zod';
import { messageKey } from '../i18n/message-key';
import '../i18n/zod-messages';
import { MESSAGE_STATUSES } from '../message-status';
import { ALL_WEBHOOK_EVENTS, WEBHOOK_EVENTS } from '../shippers-api';

export const WEBHOOK_URL_MAX_LENGTH = 2000;
export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 200;

export const WebhookUrlSchema = z
  .string({ error: messageKey('webhook.url_invalid') })
  .trim()
  .min(1, messageKey('webhook.url_invalid'))
  .max(WEBHOOK_URL_MAX_LENGTH, messageKey('validation.too_long', { max: WEBHOOK_URL_MAX_LENGTH }))
  .refine((value) => {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  }, messageKey('webhook.url_invalid'))
  .meta({ example: 'https://shop.example.ma/hooks/atlas' });

const WebhookEventNameSchema = z.enum([...WEBHOOK_EVENTS, ALL_WEBHOOK_EVENTS], {
  error: messageKey('webhook.event_invalid'),
});

/** Some events, or `['*']` for every one (today's and those added later). */
export const WebhookEventsSchema = z
  .array(WebhookEventNameSchema, { error: messageKey('webhook.events_required') })
  .min(1, messageKey('webhook.events_required'))
  .max(WEBHOOK_EVENTS.length + 1)
  .refine(
    (events) => !events.includes(ALL_WEBHOOK_EVENTS) || events.length === 1,
    messageKey('webhook.events_all_alone'),
  )
  .transform((events) => [...new Set(events)])
  .meta({ example: ['parcel.created', 'parcel.delivered'] });

const DescriptionText = z
  .string()
  .trim()
  .max(
    WEBHOOK_DESCRIPTION_MAX_LENGTH,
    messageKey('validation.too_long', { max: WEBHOOK_DESCRIPTION_MAX_LENGTH }),
  );

/** A new endpoint's note: none given is none. */
const DescriptionSchema = DescriptionText.nullable()
  .optional()
  .transform((value) => (value ? value : null));

/*
 * Request bodies carry their examples as `x-examples`, as the parcels' do
 * (src/shared/schemas/parcels-api-schemas.ts): zod leaves a plain example out of an input schema
 * with transforms.
 */
export const WebhookEndpointCreateSchema = z
  .object({
    url: WebhookUrlSchema,
    events: WebhookEventsSchema,
    description: DescriptionSchema.meta({ example: 'Our shop (production)' }),
  })
  .meta({
    'x-examples': {
      someEvents: {
        summary: 'Two events',
        value: {
          url: 'https://shop.example.ma/hooks/atlas',
          events: ['parcel.created', 'parcel.delivered'],
          description: 'Our shop (production)',
        },
      },
      everyEvent: {
        summary: 'Every event, today’s and those added later',
        value: { url: 'https://shop.example.ma/hooks/atlas', events: ['*'] },
      },
    },
  });
export type WebhookEndpointCreateInput = z.input<typeof WebhookEndpointCreateSchema>;

export const WebhookEndpointUpdateSchema = z
  .object({
    url: WebhookUrlSchema.optional(),
    events: WebhookEventsSchema.optional(),
    /** Left out, the note stays as it is. */
    description: DescriptionText.nullable().optional(),
    /** False turns the endpoint off (its queued deliveries fail); true turns it on again. */
    enabled: z.boolean().optional(),
  })
  .meta({
    'x-examples': {
      events: { summary: 'Listen to deliveries only', value: { events: ['parcel.delivered'] } },
      off: { summary: 'Turn the endpoint off', value: { enabled: false } },
    },
  });
export type WebhookEndpointUpdateInput = z.input<typeof WebhookEndpointUpdateSchema>;

export const WEBHOOK_DISABLED_REASONS = ['owner', 'failing', 'gone'] as const;
export type WebhookDisabledReason = (typeof WEBHOOK_DISABLED_REASONS)[number];

export const WebhookEndpointSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    description: z.string().nullable(),
    events: z.array(z.string()),
    status: z.enum(['active', 'disabled']),
    /** Why it is off: turned off by the owner, failing for 3 days, or answered 410 Gone. */
    disabledReason: z.enum(WEBHOOK_DISABLED_REASONS).nullable(),
    /** The first failure since the last success; null while deliveries succeed. */
    failingSince: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({
    example: {
      id: '0b7f6a36-5d1e-4f53-a1a8-2f1f0f6f1d2a',
      url: 'https://shop.example.ma/hooks/atlas',
      description: 'Our shop (production)',
      events: ['parcel.created', 'parcel.delivered'],
      status: 'active',
      disabledReason: null,
      failingSince: null,
      createdAt: '2026-11-27T09:30:00.000Z',
    },
  });
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

const endpointExample = WebhookEndpointSchema.meta()!.example;

export const WebhookEndpointListSchema = z
  .object({ endpoints: z.array(WebhookEndpointSchema) })
  .meta({ example: { endpoints: [endpointExample] } });
const SECRET_EXAMPLE = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

export const WebhookEndpointCreatedSchema = z
  .object({
    endpoint: WebhookEndpointSchema,
    /** The signing secret (Standard Webhooks `whsec_…`), shown only in this answer. */
    secret: z.string().meta({ example: SECRET_EXAMPLE }),
  })
  .meta({ example: { endpoint: endpointExample, secret: SECRET_EXAMPLE } });
export type WebhookEndpointCreated = z.infer<typeof WebhookEndpointCreatedSchema>;

export const WebhookDeliverySchema = z
  .object({
    /** Also the `webhook-id` header, the same on every attempt. */
    id: z.string(),
    type: z.string(),
    status: z.enum(MESSAGE_STATUSES),
    attempts: z.number().int(),
    lastStatusCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    sentAt: z.string().nullable(),
  })
  .meta({
    example: {
      id: '5a0c2f4e-9b1d-4c7e-8f2a-6d3b1e0a9c55',
      type: 'parcel.delivered',
      status: 'sent',
      attempts: 2,
      lastStatusCode: 200,
      lastError: null,
      createdAt: '2026-11-27T10:02:11.000Z',
      updatedAt: '2026-11-27T10:02:15.000Z',
      sentAt: '2026-11-27T10:02:15.000Z',
    },
  });
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveryPageSchema = z
  .object({
    items: z.array(WebhookDeliverySchema),
    /** Give it as `cursor` for the next (older) page; null on the last one. */
    nextCursor: z.string().nullable(),
  })
  .meta({ example: { items: [WebhookDeliverySchema.meta()!.example], nextCursor: null } });
export type WebhookDeliveryPage = z.infer<typeof WebhookDeliveryPageSchema>;
