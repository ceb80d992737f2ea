import { z } from 'zod';
import { messageKey } from '../i18n/message-key';
import '../i18n/zod-messages';

export const MAX_PAGE_SIZE = 100;
/**
 * The page buttons a list's pager shows (docs/product.md, section 9): it moves at most one fewer
 * pages from the page on screen, which the server's keyset pages count on.
 */
export const PAGER_BUTTONS = 5;
/**
 * The deepest a list pages: past this many rows nobody reads page by page, and an offset in
 * the billions only makes the database count its way there (narrow the search instead).
 */
export const MAX_LISTED_ROWS = 100_000;

/** The last page that still starts within the first MAX_LISTED_ROWS rows. */
export function lastUsefulPage(pageSize: number): number {
  return Math.ceil(MAX_LISTED_ROWS / pageSize);
}

/** `?page=&pageSize=`, the paging every list takes. */
export const pagingShape = {
  page: z.coerce
    .number({ error: messageKey('request.param_not_number', { param: 'page' }) })
    .int(messageKey('request.param_not_integer', { param: 'page' }))
    .min(1, messageKey('request.param_too_small', { param: 'page', min: 1 }))
    .default(1),
  pageSize: z.coerce
    .number({ error: messageKey('request.param_not_number', { param: 'pageSize' }) })
    .int(messageKey('request.param_not_integer', { param: 'pageSize' }))
    .min(1, messageKey('request.param_too_small', { param: 'pageSize', min: 1 }))
    .max(
      MAX_PAGE_SIZE,
      messageKey('request.param_too_large', { param: 'pageSize', max: MAX_PAGE_SIZE }),
    )
    .default(MAX_PAGE_SIZE),
};

/** Paging and the search text: what ListQuerySchema holds, for lists that add filters. */
export const listQueryShape = {
  ...pagingShape,
  q: z
    .string()
    .trim()
    .max(100, messageKey('request.param_too_long', { param: 'q', max: 100 }))
    .optional(),
};

/**
 * `?after=` or `?before=` an order's id: an order list's page read from where the reader is
 * (keyset paging, docs/decisions/0012-speed-at-scale.md, "Lists at scale, as built"). The page comes after, or before, that
 * order, which stands on page `anchorPage` (by default the page right before, or right after,
 * `page`); `page` still numbers it, and places it when the order is no longer in the list. The
 * pager sends them when it moves from the page on screen.
 */
export const pageAnchorShape = {
  after: z.uuid({ error: messageKey('request.param_not_order_id', { param: 'after' }) }).optional(),
  before: z
    .uuid({ error: messageKey('request.param_not_order_id', { param: 'before' }) })
    .optional(),
  anchorPage: z.coerce
    .number({ error: messageKey('request.param_not_number', { param: 'anchorPage' }) })
    .int(messageKey('request.param_not_integer', { param: 'anchorPage' }))
    .min(1, messageKey('request.param_too_small', { param: 'anchorPage', min: 1 }))
    .optional(),
};

interface AnchoredQuery {
  page: number;
  after?: string;
  before?: string;
  anchorPage?: number;
}

/** What is wrong with a query's anchor, if anything: [field, message]. */
function anchorFault({
  page,
  after,
  before,
  anchorPage,
}: AnchoredQuery): [string, string] | undefined {
  if (after !== undefined && before !== undefined) {
    return ['before', messageKey('request.params_exclusive', { first: 'after', second: 'before' })];
  }
  if (anchorPage === undefined || !Number.isInteger(page)) return undefined;
  if (after !== undefined) {
    return anchorPage < page
      ? undefined
      : [
          'anchorPage',
          messageKey('request.param_less_than', { param: 'anchorPage', other: 'page' }),
        ];
  }
  if (before !== undefined) {
    if (anchorPage <= page) {
      return [
        'anchorPage',
        messageKey('request.param_more_than', { param: 'anchorPage', other: 'page' }),
      ];
    }
    // The pager moves fewer pages than it shows; farther only makes the database skip rows.
    const farthest = page + PAGER_BUTTONS;
    return anchorPage <= farthest
      ? undefined
      : [
          'anchorPage',
          messageKey('request.param_too_large', { param: 'anchorPage', max: farthest }),
        ];
  }
  return [
    'anchorPage',
    messageKey('request.param_needs_one_of', {
      param: 'anchorPage',
      first: 'after',
      second: 'before',
    }),
  ];
}

/** A query refused (400) when its anchor cannot place a page (pageAnchorShape). */
export function withOneAnchor<Schema extends z.ZodType<AnchoredQuery>>(schema: Schema): Schema {
  return schema.superRefine((query, context) => {
    const fault = anchorFault(query);
    if (fault) context.addIssue({ code: 'custom', path: [fault[0]], message: fault[1] });
  });
}

/**
 * A list query refused (400 on `page`) when its page starts past MAX_LISTED_ROWS. The cap
 * depends on pageSize, so it is a rule of the whole query; every list query schema goes
 * through this.
 */
export function withPageCap<Schema extends z.ZodType<{ page: number; pageSize: number }>>(
  schema: Schema,
): Schema {
  return schema.superRefine(({ page, pageSize }, context) => {
    // A refused pageSize says what is wrong; a cap computed from it would only mislead.
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) return;
    const lastPage = lastUsefulPage(pageSize);
    if (page > lastPage) {
      context.addIssue({
        code: 'custom',
        path: ['page'],
        message: messageKey('request.param_too_large', { param: 'page', max: lastPage }),
      });
    }
  });
}

/**
 * Every list endpoint takes `?page=&pageSize=&q=` (docs/product.md, decision 11). Without `page` a
 * list answers its newest 100; the total goes in the X-Total-Count header.
 */
export const ListQuerySchema = withPageCap(z.object(listQueryShape));
export type ListQuery = z.infer<typeof ListQuerySchema>;
