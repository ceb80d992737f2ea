/**
 * Where an order came from (docs/decisions/0021-shippers-api.md, "Created by"): the screens, an
 * organization's API key (by its name), or a spreadsheet import (by its id). Every read of an
 * order's details shows it.
 */
import { z } from 'zod';

export const OrderSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('screen') }),
  z.object({ kind: z.literal('api_key'), name: z.string() }),
  z.object({ kind: z.literal('import'), id: z.string() }),
]);
export type OrderSource = z.infer<typeof OrderSourceSchema>;
