import { z } from 'zod';

export const MAX_PAGE_SIZE = 100;

/**
 * Every list endpoint takes `?page=&pageSize=&q=` (docs/product.md, decision 11). Without `page` a
 * list answers its newest 100; the total goes in the X-Total-Count header.
 */
export const ListQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page must be 1 or more')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number' })
    .int('pageSize must be a whole number')
    .min(1, 'pageSize must be 1 or more')
    .max(MAX_PAGE_SIZE, `pageSize must be ${MAX_PAGE_SIZE} or less`)
    .default(MAX_PAGE_SIZE),
  q: z.string().trim().max(100, 'q must be 100 characters or less').optional(),
});
export type ListQuery = z.infer<typeof ListQuerySchema>;
