import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_LABELS_PER_PDF, type LabelFormat } from '#shared/labels';
import { shortenIdForDashboard } from '#shared/format';
import type { CustomerOrder } from '#shared/schemas/order-schemas';
import { printOrderLabels } from '../../../lib/label-printing';
import { buttonClassName } from '../../../ui/button-styles';
import type { DataTableSelection } from '../../../ui/data-table';
import { PrintLabelsButton } from '../../../ui/print-labels-button';
import { useLabelPrinting } from '../api/label-queries';

/** The orders ticked on a list, across its pages, up to a PDF's 500. */
export interface OrderSelection extends DataTableSelection<CustomerOrder> {
  clear(): void;
  /** The last tick went past 500 and was not taken. */
  overLimit: boolean;
}

/** The ticked orders of a list, or null for a role that cannot print. */
export function useOrderSelection(): OrderSelection | null {
  const { t } = useTranslation();
  const { mayPrint } = useLabelPrinting();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [overLimit, setOverLimit] = useState(false);
  if (!mayPrint) return null;
  return {
    selected,
    onChange(next) {
      setOverLimit(next.size > MAX_LABELS_PER_PDF);
      if (next.size <= MAX_LABELS_PER_PDF) setSelected(next);
    },
    rowLabel: (order) => t('labels.selectRow', { id: shortenIdForDashboard(order.id) }),
    allLabel: t('labels.selectShown'),
    clear() {
      setSelected(new Set());
      setOverLimit(false);
    },
    overLimit,
  };
}

/** An order's checkbox on a card (the tables have their own). */
export function OrderCheckbox({
  order,
  selection,
}: {
  order: CustomerOrder;
  selection: OrderSelection;
}) {
  return (
    <input
      type="checkbox"
      aria-label={selection.rowLabel(order)}
      checked={selection.selected.has(order.id)}
      onChange={(event) => {
        const next = new Set(selection.selected);
        if (event.target.checked) next.add(order.id);
        else next.delete(order.id);
        selection.onChange(next);
      }}
      className="size-5 shrink-0 accent-brand-700"
    />
  );
}

/** "3 selected · Print labels · Clear", shown while orders are ticked. */
export function PrintLabelsBar({ selection }: { selection: OrderSelection }) {
  const { t } = useTranslation();
  const labels = useLabelPrinting();
  const count = selection.selected.size;
  if (count === 0 && !selection.overLimit) return null;
  return (
    <div
      role="region"
      aria-label={t('labels.printMany')}
      className="mb-4 flex flex-wrap items-center gap-3 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3"
    >
      <p role="status" className="text-sm font-semibold text-slate-900 tabular-nums">
        {t('labels.selected', { count })}
      </p>
      <PrintLabelsButton
        key={labels.format}
        text={t('labels.printMany')}
        defaultFormat={labels.format}
        print={async (format: LabelFormat) => {
          await printOrderLabels('dashboard', [...selection.selected], format);
          labels.printed();
        }}
      />
      <button type="button" onClick={selection.clear} className={buttonClassName('ghost')}>
        {t('labels.clear')}
      </button>
      {selection.overLimit && (
        <p role="alert" className="text-sm text-red-700">
          {t('labels.limit', { max: MAX_LABELS_PER_PDF })}
        </p>
      )}
    </div>
  );
}
