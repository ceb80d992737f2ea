import { useTranslation } from 'react-i18next';
import { ClipboardList, PackageCheck, Truck } from 'lucide-react';
import { useIconItems } from '../use-icon-items';
import { HomeSection } from './home-section';

// docs/product.md, section 1: order processing, packaging, delivery, in that order.
const stepIcons = [ClipboardList, PackageCheck, Truck];

export function HowItWorksSection() {
  const { t } = useTranslation();
  const steps = useIconItems('public.home.howItWorks.steps', stepIcons, Truck);
  return (
    <HomeSection id="how-it-works" words="howItWorks" className="bg-white py-20 sm:py-24">
      <ol className="relative mt-14 grid gap-12 md:grid-cols-3 md:gap-8">
        {/* The road joining the three steps on wide screens. */}
        <span
          aria-hidden="true"
          className="absolute inset-x-[16%] top-7 hidden border-t-2 border-dashed border-brand-200 md:block"
        />
        {steps.map(({ title, text, Icon }, index) => (
          <li
            key={title}
            className="relative rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm"
          >
            <span className="relative mx-auto -mt-12 flex size-14 items-center justify-center rounded-2xl bg-brand-800 text-white shadow-md ring-4 ring-white">
              <Icon aria-hidden="true" className="size-7" />
            </span>
            <p className="mt-5 text-sm font-semibold text-brand-700">
              {t('public.home.howItWorks.stepLabel', { number: index + 1 })}
            </p>
            <h3 className="mt-1 text-xl font-semibold text-slate-900">{title}</h3>
            <p className="mt-3 text-slate-600">{text}</p>
          </li>
        ))}
      </ol>
    </HomeSection>
  );
}
