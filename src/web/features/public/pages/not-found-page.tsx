import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, MapPinOff } from 'lucide-react';
import { buttonClassName } from '../../../ui/button-styles';
import { Container } from '../../../ui/container';
import { usePageTitle } from '../../../ui/use-page-title';

export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('public.notFound.title'));
  return (
    <Container width="narrow" className="flex flex-col items-center py-24 text-center sm:py-32">
      <span className="flex size-16 items-center justify-center rounded-2xl bg-brand-50 text-brand-800 ring-1 ring-brand-100">
        <MapPinOff aria-hidden="true" className="size-8" />
      </span>
      <p className="mt-6 font-mono text-sm font-semibold text-brand-700">
        {t('public.notFound.code')}
      </p>
      <h1 className="mt-2 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
        {t('public.notFound.title')}
      </h1>
      <p className="mt-4 max-w-md text-lg text-slate-600">{t('public.notFound.text')}</p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Link to="/" className={buttonClassName('primary', 'lg')}>
          <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
          {t('public.notFound.home')}
        </Link>
        <Link to="/contact-us" className={buttonClassName('secondary', 'lg')}>
          {t('public.notFound.contact')}
        </Link>
      </div>
    </Container>
  );
}
