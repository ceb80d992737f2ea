import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MapPin } from 'lucide-react';
import { BrandMark } from '../../../ui/brand-mark';
import { Container } from '../../../ui/container';
import { footerLinkGroups } from '../public-links';

export function SiteFooter() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <footer className="bg-brand-950 text-brand-100">
      <Container className="grid gap-10 py-12 md:grid-cols-2">
        <div>
          {/* Not a link: the footer's links are exactly the eight of docs/product.md, section 2. */}
          <p className="flex items-center gap-2.5 text-lg font-bold tracking-tight text-white">
            <BrandMark />
            {t('public.brand.name')}
          </p>
          <p className="mt-4 max-w-sm text-sm leading-6 text-brand-200">
            {t('public.footer.tagline')}
          </p>
          <p className="mt-4 flex items-center gap-2 text-sm font-medium text-white">
            <MapPin aria-hidden="true" className="size-4 text-accent-400" />
            {t('public.contact.city')}
          </p>
        </div>
        <nav aria-label={t('public.footer.navLabel')} className="grid grid-cols-2 gap-8">
          {footerLinkGroups.map((group) => (
            <div key={group.headingKey}>
              <h2 className="text-sm font-semibold text-white">{t(group.headingKey)}</h2>
              <ul className="mt-3 space-y-1">
                {group.links.map((link) => (
                  <li key={link.to}>
                    <Link
                      to={link.to}
                      className="-mx-1 inline-flex min-h-10 items-center rounded px-1 text-sm text-brand-200 transition-colors hover:text-white"
                    >
                      {t(link.labelKey)}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </Container>
      <div className="border-t border-white/10">
        <Container className="py-6 text-sm text-brand-300">
          <p>{t('public.footer.copyright', { year })}</p>
        </Container>
      </div>
    </footer>
  );
}
