import type { ApiKeyScope } from '../../src/shared/shippers-api';
import {
  hashApiKeySecret,
  newApiKeySecret,
  shownPrefixOf,
} from '../../src/server/api-keys/api-key-secrets';
import { apiKeys } from '../../src/server/db/schema';
import type { TestApp } from './helpers';

export interface TestApiKey {
  id: string;
  secret: string;
  organizationId: string;
}

/**
 * An API key written straight to the database, as POST /api/org/api-keys would make it (the
 * secret's hash only): the parcels API's tests need keys whatever the key screens do.
 */
export async function insertApiKey(
  testApp: TestApp,
  owner: { userId: string; organizationId: string },
  scopes: readonly ApiKeyScope[],
  name = 'Shop',
): Promise<TestApiKey> {
  const secret = newApiKeySecret();
  const [row] = await testApp.database.db
    .insert(apiKeys)
    .values({
      organizationId: owner.organizationId,
      name,
      prefix: shownPrefixOf(secret),
      secretHash: hashApiKeySecret(secret),
      scopes: [...scopes],
      createdByUserId: owner.userId,
    })
    .returning({ id: apiKeys.id });
  return { id: row!.id, secret, organizationId: owner.organizationId };
}
