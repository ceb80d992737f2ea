import { BellRing, MapPinned, ShieldCheck, Zap } from 'lucide-react';
import { useIconItems } from '../use-icon-items';
import { HomeSection } from './home-section';

// docs/product.md, section 1: fast and reliable; notifications; live map
// tracking; secure and private.
const featureIcons = [Zap, BellRing, MapPinned, ShieldCheck];

export function FeaturesSection() {
  const features = useIconItems('public.home.features.items', featureIcons, Zap);
  return (
    <HomeSection
      id="features"
      words="features"
      className="border-y border-slate-200 bg-slate-50 py-20 sm:py-24"
    >
      <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {features.map(({ title, text, Icon }) => (
          <li
            key={title}
            className="rounded-xl border border-slate-200 bg-white p-6 transition-shadow hover:shadow-md"
          >
            <span className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-800 ring-1 ring-brand-100">
              <Icon aria-hidden="true" className="size-6" />
            </span>
            <h3 className="mt-5 text-lg font-semibold text-slate-900">{title}</h3>
            <p className="mt-2 text-slate-600">{text}</p>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
