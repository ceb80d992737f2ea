import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** docs/product.md, section 9: at most five page buttons. */
const MAX_BUTTONS = 5;

/** The page numbers to show: a window of up to five around the current page. */
export function pageWindow(page: number, pageCount: number): number[] {
  const size = Math.min(MAX_BUTTONS, pageCount);
  const first = Math.min(Math.max(1, page - Math.floor(size / 2)), pageCount - size + 1);
  return Array.from({ length: size }, (_, index) => first + index);
}

interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  onPageChange(page: number): void;
}

/** Shown only when the items exceed one page (docs/product.md, section 9). */
export function Pager({ page, pageSize, total, onPageChange }: PagerProps) {
  const { t } = useTranslation();
  const pageCount = Math.ceil(total / pageSize);
  if (total <= pageSize) return null;
  const arrow =
    'inline-flex size-10 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 disabled:opacity-40';
  return (
    <nav aria-label={t('ui.pagination')} className="flex items-center justify-center gap-1.5 pt-4">
      <button
        type="button"
        className={arrow}
        disabled={page <= 1}
        onClick={() => onPageChange(page - 1)}
        aria-label={t('ui.previousPage')}
      >
        <ChevronLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
      </button>
      {pageWindow(page, pageCount).map((number) => (
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
        disabled={page >= pageCount}
        onClick={() => onPageChange(page + 1)}
        aria-label={t('ui.nextPage')}
      >
        <ChevronRight aria-hidden="true" className="size-4 rtl:-scale-x-100" />
      </button>
    </nav>
  );
}
