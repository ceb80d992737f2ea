import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowRight } from 'lucide-react';
import { buttonClassName } from '../../../ui/button-styles';
import { Container } from '../../../ui/container';

/** Closes a static page with the next step: open an account or talk to the team. */
export function CtaBand() {
  const { t } = useTranslation();
  return (
    <Container className="py-16">
      <div className="relative overflow-hidden rounded-2xl bg-brand-900 px-6 py-10 sm:px-10 sm:py-12">
        <div
          aria-hidden="true"
          className="absolute -end-16 -top-24 size-72 rounded-full bg-accent-500/20 blur-3xl"
        />
        <div className="relative flex flex-col gap-6 lg:flex-row lg:items-center lg:justify-between">
          <div className="max-w-xl">
            <h2 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">
              {t('public.cta.title')}
            </h2>
            <p className="mt-3 text-brand-100">{t('public.cta.text')}</p>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Link to="/register" className={buttonClassName('accent', 'lg')}>
              {t('public.cta.primary')}
              <ArrowRight aria-hidden="true" className="size-4 rtl:-scale-x-100" />
            </Link>
            <Link to="/contact-us" className={buttonClassName('inverse', 'lg')}>
              {t('public.cta.secondary')}
            </Link>
          </div>
        </div>
      </div>
    </Container>
  );
}
