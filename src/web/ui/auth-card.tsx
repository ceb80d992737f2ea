import '../i18n/auth-strings';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BrandMark } from './brand-mark';

interface AuthCardProps {
  title: string;
  lead?: ReactNode;
  /** An icon or badge above the title, for the message pages. */
  icon?: ReactNode;
  children?: ReactNode;
  /** Links under the card (Sign Up, Back to Login…). */
  footer?: ReactNode;
  wide?: boolean;
}

/** The frame of every sign-in, sign-up and password screen: brand, card, title, footer. */
export function AuthCard({ title, lead, icon, children, footer, wide = false }: AuthCardProps) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = t('auth.meta.pageTitle', { page: title });
  }, [t, title]);

  return (
    <div className="flex min-h-screen flex-col items-center bg-slate-50 px-4 py-8 sm:py-12">
      <Link
        to="/"
        aria-label={t('auth.brand.home')}
        className="flex min-h-10 items-center gap-2.5 rounded-lg px-1 text-lg font-bold tracking-tight text-brand-900"
      >
        <BrandMark />
        {t('auth.brand.name')}
      </Link>
      <main
        className={`mt-6 w-full rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:p-8 ${wide ? 'max-w-2xl' : 'max-w-md'}`}
      >
        {icon && <div className="mb-4 flex justify-center">{icon}</div>}
        <h1
          className={`text-2xl font-bold tracking-tight text-slate-900 ${icon ? 'text-center' : ''}`}
        >
          {title}
        </h1>
        {lead && <div className={`mt-2 text-slate-600 ${icon ? 'text-center' : ''}`}>{lead}</div>}
        {children && <div className="mt-6">{children}</div>}
      </main>
      {footer && <div className="mt-6 text-center text-sm text-slate-600">{footer}</div>}
    </div>
  );
}

/** A text link in the auth screens' style. */
export const authLinkClassName =
  'font-semibold text-brand-800 underline-offset-4 hover:text-brand-900 hover:underline';
