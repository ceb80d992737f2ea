import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '#shared/i18n/locales';
import { formatDecimal } from '#shared/numbers';
import { PAGER_BUTTONS } from '#shared/schemas/list-schemas';

/** The page numbers to show: a window of up to five around the current page. */
export function pageWindow(page: number, pageCount: number): number[] {
  const size = Math.min(PAGER_BUTTONS, pageCount);
  const first = Math.min(Math.max(1, page - Math.floor(size / 2)), pageCount - size + 1);
  return Array.from({ length: size }, (_, index) => first + index);
}

/** What the pager of a list shows for a page of it. */
export interface PagerPlan {
  /** Zero when the items fit on one page: no pager then (docs/product.md, section 9). */
  pages: number[];
  hasPrevious: boolean;
  hasNext: boolean;
  /**
   * On the last page the total allows while more items match than the server counted: the
   * pages stop at the cap, so the reader is told to narrow the list instead.
   */
  narrowToSeeMore: boolean;
}

/**
 * The pager of a list of `total` items (`capped`: at least that many, docs/architecture.md,
 * "Lists at scale"), `pageSize` a page, on `page`. A capped list pages up to the cap.
 */
export function planPager(
  page: number,
  pageSize: number,
  total: number,
  capped: boolean,
): PagerPlan {
  const pageCount = Math.ceil(total / pageSize);
  if (total <= pageSize) {
    return { pages: [], hasPrevious: false, hasNext: false, narrowToSeeMore: false };
  }
  return {
    pages: pageWindow(page, pageCount),
    hasPrevious: page > 1,
    hasNext: page < pageCount,
    narrowToSeeMore: capped && page >= pageCount,
  };
}

/**
 * A list's total as the screens write it: grouped for the language ("1,234"), and past the
 * server's count cap "10,000+" in the words of `ui.totalAtLeast`.
 */
export function writeListTotal(
  total: number,
  capped: boolean,
  locale: Locale,
  t: (key: string, values: Record<string, string>) => string,
): string {
  const figure = formatDecimal(total, 0, 0, locale);
  return capped ? t('ui.totalAtLeast', { total: figure }) : figure;
}

interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  /** The server stopped counting at `total`: more items match (X-Total-Capped). */
  capped?: boolean;
  onPageChange(page: number): void;
}

/** Shown only when the items exceed one page (docs/product.md, section 9). */
export function Pager({ page, pageSize, total, capped = false, onPageChange }: PagerProps) {
  const { t } = useTranslation();
  const plan = planPager(page, pageSize, total, capped);
  if (plan.pages.length === 0) return null;
  const arrow =
    'inline-flex size-10 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 disabled:opacity-40';
  return (
    <>
      <nav
        aria-label={t('ui.pagination')}
        className="flex items-center justify-center gap-1.5 pt-4"
      >
        <button
          type="button"
          className={arrow}
          disabled={!plan.hasPrevious}
          onClick={() => onPageChange(page - 1)}
          aria-label={t('ui.previousPage')}
        >
          <ChevronLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
        </button>
        {plan.pages.map((number) => (
          <button
            key={number}
            type="button"
            onClick={() => onPageChange(number)}
            aria-current={number === page ? 'page' : undefined}
            className={`inline-flex size-10 items-center justify-center rounded-lg text-sm font-semibold tabular-nums ${
              number === page
                ? 'bg-brand-800 text-white'
                : 'border border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
            }`}
          >
            {number}
          </button>
        ))}
        <button
          type="button"
          className={arrow}
          disabled={!plan.hasNext}
          onClick={() => onPageChange(page + 1)}
          aria-label={t('ui.nextPage')}
        >
          <ChevronRight aria-hidden="true" className="size-4 rtl:-scale-x-100" />
        </button>
      </nav>
      {plan.narrowToSeeMore && (
        <p className="pt-3 text-center text-sm text-slate-600">{t('ui.narrowToSeeMore')}</p>
      )}
    </>
  );
}
