import {
  BusinessSettingsSchema,
  BusinessSettingsUpdateSchema,
} from '#shared/schemas/settings-schemas';
import { officeActorOf } from '../audit/office-actions';
import { ErrorBodySchema } from '../http/errors';
import type { ZodApp } from '../http/zod-app';
import type { SettingsService } from './settings-service';

const tags = ['admin'];
const security = [{ bearerAuth: [] }];

/** /admin/settings (docs/decisions/0020-merchant-money.md): admins only, customers 403. */
export function registerSettingsRoutes(app: ZodApp, settingsService: SettingsService): void {
  const adminOnly = app.requireRole('ADMIN');
  const refusals = { 401: ErrorBodySchema, 403: ErrorBodySchema };

  app.get(
    '/admin/settings',
    {
      schema: {
        tags,
        security,
        summary: "The carrier's business settings: legal identity, VAT, COD fee, payout minimum",
        response: { 200: BusinessSettingsSchema, ...refusals },
      },
      onRequest: adminOnly,
    },
    async () => settingsService.getSettings(),
  );

  app.put(
    '/admin/settings',
    {
      schema: {
        tags,
        security,
        summary: 'Replace the business settings (every field; audited)',
        description:
          'Only `legalName` is required to be non-empty; ICE is 15 digits, IF, TP and patente ' +
          'digits only; percentages 0 to 100 and `payoutMinimum` (MAD) with at most 2 ' +
          'decimals. A bad value answers 400 with its field and stores nothing. A save that ' +
          'changes nothing writes no audit row.',
        body: BusinessSettingsUpdateSchema,
        response: { 200: BusinessSettingsSchema, 400: ErrorBodySchema, ...refusals },
      },
      onRequest: adminOnly,
    },
    async (request) => settingsService.updateSettings(request.body, officeActorOf(request)),
  );
}
