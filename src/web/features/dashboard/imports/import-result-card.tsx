import { CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '../../../ui/button-styles';
import { Card } from '../../../ui/card';
import { CsvDownloadButton } from '../../../ui/csv-download-button';
import { MAX_LABELS_PER_PDF, type LabelFormat } from '#shared/labels';
import { importLabelParts, printImportLabels } from '../../../lib/label-printing';
import { PrintLabelsButton } from '../../../ui/print-labels-button';
import { useLabelPrinting } from '../api/label-queries';
import { saveTrackingNumbers } from './import-queries';

/**
 * After the confirmation: how many orders, their tracking numbers and labels, the way to the
 * orders.
 */
export function ImportResultCard({
  importId,
  created,
  onAnother,
}: {
  importId: string;
  created: number;
  onAnother(): void;
}) {
  const { t } = useTranslation();
  const labels = useLabelPrinting();
  return (
    <Card title={t('imports.result.title')}>
      <p
        role="status"
        className="mb-4 flex items-center gap-2 text-base font-medium text-green-800"
      >
        <CircleCheck aria-hidden="true" className="size-5" />
        {t('imports.result.created', { count: created })}
      </p>
      <div className="flex flex-wrap items-start gap-3">
        <CsvDownloadButton
          download={() => saveTrackingNumbers(importId)}
          labels={{
            idle: t('imports.result.download'),
            busy: t('imports.result.downloading'),
            failed: t('imports.result.downloadFailed'),
          }}
        />
        {labels.mayPrint &&
          importLabelParts(created).map(({ part, from, to }) => (
            <PrintLabelsButton
              key={`${part}-${labels.format}`}
              text={
                created > MAX_LABELS_PER_PDF
                  ? t('labels.printPart', { from, to })
                  : t('labels.printAll')
              }
              defaultFormat={labels.format}
              print={async (format: LabelFormat) => {
                await printImportLabels(importId, part, format);
                labels.printed();
              }}
            />
          ))}
        <Link to="/dashboard/orders" className={buttonClassName('primary')}>
          {t('imports.result.orders')}
        </Link>
        <button type="button" onClick={onAnother} className={buttonClassName('ghost')}>
          {t('imports.result.another')}
        </button>
      </div>
    </Card>
  );
}
