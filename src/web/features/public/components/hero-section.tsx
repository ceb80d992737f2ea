import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowRight, CheckCircle2, MapPin } from 'lucide-react';
import { buttonClassName } from '../../../ui/button-styles';
import { Container } from '../../../ui/container';
import { AtlasRidge } from '../../../ui/atlas-ridge';
import { ShipmentPreview } from './shipment-preview';

export function HeroSection() {
  const { t } = useTranslation();
  const points = t('public.home.hero.points', { returnObjects: true }) as string[];
  return (
    <section
      id="home"
      aria-labelledby="home-title"
      className="relative scroll-mt-16 overflow-hidden bg-linear-to-br from-brand-950 via-brand-900 to-brand-800 text-white"
    >
      <div
        aria-hidden="true"
        className="absolute -end-20 -top-40 size-[32rem] rounded-full bg-brand-500/30 blur-3xl"
      />
      <AtlasRidge className="absolute inset-x-0 bottom-0 h-28 w-full text-white/5" />
      <Container className="relative grid items-center gap-12 py-16 sm:py-20 lg:grid-cols-[1.1fr_1fr] lg:py-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-xs font-medium sm:text-sm text-brand-100 ring-1 ring-white/15">
            <MapPin aria-hidden="true" className="size-4 text-accent-400" />
            {t('public.home.hero.eyebrow')}
          </p>
          <h1
            id="home-title"
            className="mt-6 text-4xl leading-tight font-bold tracking-tight text-balance sm:text-5xl xl:text-[3.4rem]"
          >
            {t('public.home.hero.title')}
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-8 text-pretty text-brand-100">
            {t('public.home.hero.lead')}
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to="/register" className={buttonClassName('accent', 'lg')}>
              {t('public.home.hero.startNow')}
              <ArrowRight aria-hidden="true" className="size-5 rtl:-scale-x-100" />
            </Link>
            <Link to="/#how-it-works" className={buttonClassName('inverse', 'lg')}>
              {t('public.home.hero.secondary')}
            </Link>
          </div>
          <ul className="mt-8 grid gap-3 text-sm text-brand-100 sm:grid-cols-3 sm:gap-4">
            {points.map((point) => (
              <li key={point} className="flex items-start gap-2">
                <CheckCircle2
                  aria-hidden="true"
                  className="mt-0.5 size-4 shrink-0 text-accent-400"
                />
                {point}
              </li>
            ))}
          </ul>
        </div>
        <ShipmentPreview />
      </Container>
    </section>
  );
}
