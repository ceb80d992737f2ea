import { useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { BrandMark } from '../../../ui/brand-mark';
import { ModalDialog } from '../../../ui/modal-dialog';
import { AdminNav } from './admin-nav';

export const adminMobileNavId = 'admin-mobile-nav';

/**
 * The sidebar as a panel sliding in from the left on phones: a modal dialog that closes on
 * Escape, on the backdrop, on its close button and when a link is followed. The slide is a CSS
 * transition, which the reduced-motion rule of index.css turns off.
 */
export function AdminMobileNav({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const closeButton = useRef<HTMLButtonElement>(null);
  return (
    <ModalDialog
      label={t('admin.nav.menu')}
      onClose={onClose}
      initialFocus={closeButton}
      className="fixed inset-y-0 right-auto left-0 m-0 h-dvh max-h-none w-72 max-w-[85vw] overflow-y-auto bg-brand-950 p-4 shadow-xl transition-transform duration-200 ease-out starting:-translate-x-full lg:hidden"
    >
      <div id={adminMobileNavId} className="flex min-h-full flex-col gap-6">
        <div className="flex items-center justify-between gap-2">
          <Link
            to="/"
            onClick={onClose}
            aria-label={t('admin.brand.home')}
            className="flex min-h-10 items-center gap-2.5 rounded-lg px-1 text-lg font-bold tracking-tight text-white"
          >
            <BrandMark />
            <span aria-hidden="true">{t('admin.brand.name')}</span>
          </Link>
          <button
            ref={closeButton}
            type="button"
            onClick={onClose}
            aria-label={t('admin.nav.closeMenu')}
            className="inline-flex size-11 items-center justify-center rounded-lg text-brand-100 hover:bg-white/10 hover:text-white"
          >
            <X aria-hidden="true" className="size-6" />
          </button>
        </div>
        <AdminNav onNavigate={onClose} />
      </div>
    </ModalDialog>
  );
}
