import '../public-pages-strings';
import { useTranslation } from 'react-i18next';
import { Check, MapPinned, Package, Truck, Zap } from 'lucide-react';
import { Container } from '../../../ui/container';
import { useIconItems } from '../use-icon-items';
import { CtaBand } from '../components/cta-band';
import { TitledPageHero } from '../../../ui/page-hero';

// docs/product.md, section 2: four bullet services, in this order.
const serviceIcons = [Package, Truck, Zap, MapPinned];

export function ServicesPage() {
  const { t } = useTranslation();
  const services = useIconItems('public.services.items', serviceIcons, Package);
  const pricing = t('public.services.pricing.points', { returnObjects: true }) as string[];
  return (
    <>
      <TitledPageHero words="public.services" />
      <Container className="py-16">
        <ul aria-label={t('public.services.listLabel')} className="grid gap-6 md:grid-cols-2">
          {services.map(({ title, text, Icon }) => (
            <li
              key={title}
              className="flex gap-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
            >
              <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-800 text-white">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <div>
                <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
                <p className="mt-2 text-slate-600">{text}</p>
              </div>
            </li>
          ))}
        </ul>

        <section
          aria-labelledby="pricing-title"
          className="mt-12 rounded-xl border border-accent-300 bg-accent-300/15 p-6 sm:p-8"
        >
          <h2 id="pricing-title" className="text-xl font-semibold text-slate-900">
            {t('public.services.pricing.title')}
          </h2>
          <ul className="mt-4 grid gap-3 md:grid-cols-3">
            {pricing.map((point) => (
              <li key={point} className="flex items-start gap-2 text-slate-700">
                <Check aria-hidden="true" className="mt-1 size-4 shrink-0 text-brand-800" />
                {point}
              </li>
            ))}
          </ul>
        </section>
      </Container>
      <CtaBand />
    </>
  );
}
