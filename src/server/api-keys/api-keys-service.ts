import {
  MAX_ACTIVE_API_KEYS,
  type ApiKey,
  type ApiKeyCreate,
  type ApiKeyCreated,
} from '#shared/schemas/api-key-schemas';
import { recordOfficeAction, type OfficeActor } from '../audit/office-actions';
import type { AuthContext } from '../auth/auth-service';
import type { Database } from '../db/open-database';
import { isUuid } from '../db/uuid';
import { conflict, notFound } from '../http/errors';
import { assertOrgRoleMay } from '../orgs/org-access';
import {
  countActiveKeys,
  insertApiKey,
  listActiveKeys,
  lockOrganizationKeys,
  revokeKey,
  type ListedApiKeyRow,
} from './api-key-queries';
import { hashApiKeySecret, newApiKeySecret, shownPrefixOf } from './api-key-secrets';

function toApiKey(row: ListedApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/**
 * An organization's API keys, its owner's to manage (docs/decisions/0021-shippers-api.md, "API
 * keys"): the secret exists only in the creation's answer; the database keeps its SHA-256.
 */
export function createApiKeysService({ db, clock }: { db: Database; clock: () => Date }) {
  return {
    async createKey(
      auth: AuthContext,
      actor: OfficeActor,
      input: ApiKeyCreate,
    ): Promise<ApiKeyCreated> {
      const organizationId = assertOrgRoleMay(auth, 'manageIntegrations');
      const secret = newApiKeySecret();
      const row = await db.transaction(async (tx) => {
        await lockOrganizationKeys(tx, organizationId);
        if ((await countActiveKeys(tx, organizationId)) >= MAX_ACTIVE_API_KEYS) {
          throw conflict('api_key.limit_reached', { max: MAX_ACTIVE_API_KEYS });
        }
        const created = await insertApiKey(tx, {
          organizationId,
          name: input.name,
          prefix: shownPrefixOf(secret),
          secretHash: hashApiKeySecret(secret),
          scopes: input.scopes,
          createdByUserId: auth.userId,
          createdAt: clock(),
        });
        await recordOfficeAction(tx, {
          actor,
          action: 'api_key.create',
          record: { type: 'api_key', id: created.id },
          after: { name: created.name, scopes: created.scopes.join(' '), prefix: created.prefix },
        });
        return created;
      });
      return { ...toApiKey(row), secret };
    },

    async listKeys(auth: AuthContext): Promise<ApiKey[]> {
      const organizationId = assertOrgRoleMay(auth, 'manageIntegrations');
      return (await listActiveKeys(db, organizationId)).map(toApiKey);
    },

    /** Revoked at once: the guard looks every call's key up, so the next call is refused. */
    async revokeKey(auth: AuthContext, actor: OfficeActor, id: string): Promise<void> {
      const organizationId = assertOrgRoleMay(auth, 'manageIntegrations');
      if (!isUuid(id)) throw notFound('api_key.not_found');
      await db.transaction(async (tx) => {
        const revoked = await revokeKey(tx, { id, organizationId }, clock());
        if (!revoked) throw notFound('api_key.not_found');
        await recordOfficeAction(tx, {
          actor,
          action: 'api_key.revoke',
          record: { type: 'api_key', id: revoked.id },
          before: { name: revoked.name, scopes: revoked.scopes.join(' '), prefix: revoked.prefix },
          after: { revokedAt: clock().toISOString() },
        });
      });
    },
  };
}
export type ApiKeysService = ReturnType<typeof createApiKeysService>;
