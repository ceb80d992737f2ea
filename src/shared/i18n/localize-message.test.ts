import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { findDispatchProblems } from '../fleet-rules';
import { idempotencyMessages } from '../idempotency';
import { VEHICLE_TYPES, VehicleWeightLimitError } from '../pricing';
import {
  CANCELLATION_REASON_MESSAGE,
  TRUCK_DRIVER_REQUIRED_MESSAGE,
} from '../schemas/admin-schemas';
import { STRONG_PASSWORD_MESSAGE } from '../schemas/auth-schemas';
import { BOTH_CITIES_MESSAGE } from '../schemas/calculator-schemas';
import { cashMessages, exceedsOutstandingMessage } from '../schemas/cash-schemas';
import { driverMessages } from '../schemas/driver-schemas';
import {
  DRIVER_ACTIVATED_MESSAGE,
  DRIVER_DEACTIVATED_MESSAGE,
  DRIVER_TRUCK_ADDED_MESSAGE,
} from '../schemas/fleet-schemas';
import {
  englishMessages,
  identifyMessage,
  identifyMessageCode,
  messageCatalogLoaders,
  renderMessage,
  translateMessage,
  type MessageCatalog,
} from './localize-message';
import * as adminSchemas from '../schemas/admin-schemas';
import * as authSchemas from '../schemas/auth-schemas';
import * as calculatorSchemas from '../schemas/calculator-schemas';
import * as cashSchemas from '../schemas/cash-schemas';
import * as driverSchemas from '../schemas/driver-schemas';
import * as fleetSchemas from '../schemas/fleet-schemas';
import * as listSchemas from '../schemas/list-schemas';
import * as messageSchemas from '../schemas/message-schemas';
import * as wizardSchemas from '../schemas/new-order-wizard-schemas';
import * as notificationSchemas from '../schemas/notification-schemas';
import * as orderSchemas from '../schemas/order-schemas';
import * as userSchemas from '../schemas/user-schemas';
import arabic from './messages/ar.json';
import french from './messages/fr.json';

const catalogs: Record<'fr' | 'ar', MessageCatalog> = { fr: french, ar: arabic };
const placeholdersOf = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

describe('the message catalog', () => {
  it('has lowercase dotted snake_case codes and one code per English text', () => {
    for (const code of Object.keys(englishMessages)) {
      expect(code).toMatch(/^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*$/);
    }
    const texts = Object.values(englishMessages);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it.each(['fr', 'ar'] as const)(
    '%s has every English code, no other, each with the same placeholders',
    (locale) => {
      const catalog = catalogs[locale];
      expect(Object.keys(catalog).sort()).toEqual(Object.keys(englishMessages).sort());
      for (const [code, text] of Object.entries(englishMessages)) {
        expect(catalog[code], code).toBeTruthy();
        expect(placeholdersOf(catalog[code]!), code).toEqual(placeholdersOf(text));
      }
    },
  );

  it('writes Arabic without English words, placeholders aside', () => {
    for (const [code, text] of Object.entries(arabic)) {
      expect(text.replace(/\{\{\s*\w+\s*\}\}/g, ''), code).not.toMatch(/[A-Za-z]/);
    }
  });

  it('recognises every English text, each template with sample values', () => {
    for (const [code, template] of Object.entries(englishMessages)) {
      const names = placeholdersOf(template);
      const params = Object.fromEntries(names.map((name, i) => [name!, `value${'ABCDEFGH'[i]}`]));
      const text = renderMessage(template, params);
      expect(identifyMessage(text), text).toEqual({ code, params });
    }
  });

  it('loads the French and Arabic catalogs on demand', async () => {
    expect(await messageCatalogLoaders.fr()).toEqual(french);
    expect(await messageCatalogLoaders.ar()).toEqual(arabic);
  });
});

describe('identifyMessage', () => {
  it('reads the values of a template', () => {
    expect(identifyMessage('Must be 25 characters or less')).toEqual({
      code: 'validation.too_long',
      params: { max: '25' },
    });
    expect(identifyMessage('Too many attempts. Please wait 42 seconds and try again.')).toEqual({
      code: 'rate_limit.wait_seconds',
      params: { count: '42' },
    });
  });

  it('prefers the most specific template', () => {
    expect(identifyMessage('Invalid input: expected string, received undefined')?.code).toBe(
      'zod.invalid_type',
    );
    expect(identifyMessage('q must be 100 characters or less')?.code).toBe(
      'request.param_too_long',
    );
    expect(identifyMessage('pageSize must be 100 or less')?.code).toBe('request.param_too_large');
    // A fixed text beats any template that would also read it.
    expect(identifyMessage('Password is required')?.code).toBe('validation.password_required');
    expect(identifyMessage('The note must be 500 characters or less')?.code).toBe(
      'validation.note_too_long',
    );
  });

  it('treats regular-expression characters in a template as text', () => {
    expect(identifyMessage('Enter a valid date (yyyy-MM-dd)')?.code).toBe(
      'validation.date_invalid',
    );
    expect(identifyMessage('Enter a valid date yyyy-MM-dd')).toBeUndefined();
    expect(identifyMessage('Too big: expected string to have <=100 characters')).toEqual({
      code: 'zod.string_too_long',
      params: { maximum: '100' },
    });
  });

  it('reads a quoted status as one word', () => {
    expect(identifyMessage('This order is already IN_TRANSIT')).toEqual({
      code: 'order.status_unchanged',
      params: { status: 'IN_TRANSIT' },
    });
    expect(identifyMessage('This order is already picked up')).toBeUndefined();
  });

  it('knows nothing else', () => {
    expect(identifyMessage('Something else entirely')).toBeUndefined();
    expect(identifyMessage('')).toBeUndefined();
  });

  it('codes a composite message by its first sentence', () => {
    expect(
      identifyMessageCode(
        'A truck with plate number 12-A-3 already exists. A driver with this national ID already exists',
      ),
    ).toBe('fleet.truck_number_taken');
    expect(identifyMessageCode('Unknown. Also unknown')).toBeUndefined();
  });
});

describe('translateMessage', () => {
  it('leaves English and unknown texts as they are', () => {
    expect(translateMessage('Invalid email or password', undefined)).toBe(
      'Invalid email or password',
    );
    expect(translateMessage('Invalid email or password', englishMessages)).toBe(
      'Invalid email or password',
    );
    expect(translateMessage('Not in the catalog', french)).toBe('Not in the catalog');
  });

  it('writes a fixed text in the catalog language', () => {
    expect(translateMessage('Invalid email or password', french)).toBe(
      'E-mail ou mot de passe incorrect',
    );
    expect(translateMessage('Invalid email or password', arabic)).toBe(
      'البريد الإلكتروني أو كلمة المرور غير صحيحة',
    );
  });

  it('keeps the values of a template', () => {
    expect(translateMessage('Must be 25 characters or less', french)).toBe(
      '25 caractères au maximum',
    );
    expect(translateMessage('Truck 12345-A-6 is already on a delivery', arabic)).toBe(
      'الشاحنة 12345-A-6 في مهمة تسليم بالفعل',
    );
  });

  it('names a quoted status in the catalog language', () => {
    expect(translateMessage('An order cannot go from PENDING to DELIVERED', french)).toBe(
      "Une commande ne peut pas passer de l'état « en attente » à l'état « livrée »",
    );
    expect(translateMessage('This order is CANCELLED and can no longer change', arabic)).toBe(
      'حالة هذا الطلب «ملغى» ولم يعد من الممكن تغييرها',
    );
  });

  it('translates a composite message sentence by sentence', () => {
    const [capacity, licence] = findDispatchProblems(
      {
        truckNumber: 'T-1',
        capacityKg: 1000,
        licenseExpire: '2020-01-01',
        technicalDate: '2026-01-01',
      },
      1500,
      '2026-02-01',
    );
    const composite = [capacity!.message, licence!.message].join('. ');
    expect(translateMessage(composite, french)).toBe(
      "Le camion T-1 transporte jusqu'à 1,000 kg, moins que le poids de la commande (1,500 kg). " +
        'Le permis du chauffeur a expiré le 2020-01-01',
    );
    // A known sentence that itself holds '. ' is read whole, an unknown one kept.
    expect(
      translateMessage(`${driverMessages.deliveryCodeLocked}. Something unknown`, french),
    ).toBe(`${french['driver.delivery_code_locked']}. Something unknown`);
  });
});

/** Every shared schema with inputs that break each of its rules, as a form or a client would. */
const schemaModules: Record<string, unknown>[] = [
  adminSchemas,
  authSchemas,
  calculatorSchemas,
  cashSchemas,
  driverSchemas,
  fleetSchemas,
  listSchemas,
  messageSchemas,
  wizardSchemas,
  notificationSchemas,
  orderSchemas,
  userSchemas,
];

const BAD_VALUES: unknown[] = [
  undefined,
  null,
  '',
  '   ',
  'x',
  'not valid at all',
  'x'.repeat(3000),
  -5,
  0,
  0.001,
  1.005,
  2.5,
  1e12,
  Number.NaN,
  true,
  [],
  {},
  ['x'],
  { x: 1 },
  '1900-01-01',
  '2999-01-01',
  'PENDING,UNKNOWN',
];

function messagesOf(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  const messages: string[] = [];
  const collect = (issues: readonly z.core.$ZodIssue[]) => {
    for (const issue of issues) {
      messages.push(issue.message);
      if (issue.code === 'invalid_union') issue.errors.forEach(collect);
    }
  };
  collect(result.error.issues);
  return messages;
}

function shapeOf(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  if (schema instanceof z.ZodObject) return schema.shape as Record<string, z.ZodType>;
  return undefined;
}

describe('every message of the shared schemas', () => {
  const found = new Set<string>();
  for (const module of schemaModules) {
    for (const exported of Object.values(module)) {
      if (!(exported instanceof z.ZodType)) continue;
      const schema = exported as z.ZodType;
      for (const value of BAD_VALUES) {
        messagesOf(schema, value).forEach((message) => found.add(message));
        for (const field of Object.keys(shapeOf(schema) ?? {})) {
          messagesOf(schema, { [field]: value }).forEach((message) => found.add(message));
        }
      }
    }
  }

  it('breaks enough rules to be a real check', () => {
    expect(found.size).toBeGreaterThan(60);
  });

  it.each([...found].sort())('is in the catalog: %s', (message) => {
    expect(identifyMessage(message)).toBeDefined();
  });
});

describe('the messages the shared rules keep in constants or write with values', () => {
  it('are in the catalog', () => {
    const messages = [
      STRONG_PASSWORD_MESSAGE,
      CANCELLATION_REASON_MESSAGE,
      TRUCK_DRIVER_REQUIRED_MESSAGE,
      BOTH_CITIES_MESSAGE,
      DRIVER_TRUCK_ADDED_MESSAGE,
      DRIVER_ACTIVATED_MESSAGE,
      DRIVER_DEACTIVATED_MESSAGE,
      ...Object.values(cashMessages),
      ...Object.values(driverMessages),
      ...Object.values(idempotencyMessages),
      exceedsOutstandingMessage('1,234.50 MAD'),
      ...findDispatchProblems(
        {
          truckNumber: 'T-1',
          capacityKg: 10,
          licenseExpire: '2020-01-01',
          technicalDate: '2020-01-01',
        },
        12.5,
        '2026-01-01',
      ).map((problem) => problem.message),
      ...VEHICLE_TYPES.map((vehicle) => new VehicleWeightLimitError(vehicle, 5000).message),
    ];
    for (const message of messages) {
      expect(identifyMessage(message), message).toBeDefined();
    }
    expect(identifyMessage(exceedsOutstandingMessage('1,234.50 MAD'))?.params).toEqual({
      amount: '1,234.50',
    });
  });
});
