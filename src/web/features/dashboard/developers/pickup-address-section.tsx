import { useTranslation } from 'react-i18next';

export function PickupAddressSection() {
  const { t } = useTranslation();
  return (
    <section className="mt-6">
      <h2 className="text-lg font-semibold text-slate-900">{t('developers.pickup.title')}</h2>
    </section>
  );
}
