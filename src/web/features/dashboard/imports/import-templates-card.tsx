import { useTranslation } from 'react-i18next';
import { Card } from '../../../ui/card';
import { CsvDownloadButton } from '../../../ui/csv-download-button';
import { saveTemplate } from './import-queries';

/** Step 1: the template in both formats (the XLSX one lists the cities in three languages). */
export function ImportTemplatesCard() {
  const { t } = useTranslation();
  const labels = (format: 'csv' | 'xlsx') => ({
    idle: t(`imports.templates.${format}`),
    busy: t('imports.templates.busy'),
    failed: t('imports.templates.failed'),
  });
  return (
    <Card title={t('imports.templates.title')}>
      <p className="mb-4 text-sm text-slate-600">{t('imports.templates.lead')}</p>
      <div className="flex flex-wrap gap-3">
        <CsvDownloadButton download={() => saveTemplate('xlsx')} labels={labels('xlsx')} />
        <CsvDownloadButton download={() => saveTemplate('csv')} labels={labels('csv')} />
      </div>
    </Card>
  );
}
