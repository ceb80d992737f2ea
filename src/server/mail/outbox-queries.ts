import { eq } from 'drizzle-orm';
import type { Database } from '../db/open-database';
import { outbox } from '../db/schema';

export async function recordOutboxMessage(
  db: Database,
  message: typeof outbox.$inferInsert,
): Promise<string> {
  const [row] = await db.insert(outbox).values(message).returning({ id: outbox.id });
  return row!.id;
}

export async function markOutboxMessage(
  db: Database,
  id: string,
  outcome: { sentAt?: Date; error?: string },
): Promise<void> {
  await db.update(outbox).set(outcome).where(eq(outbox.id, id));
}
