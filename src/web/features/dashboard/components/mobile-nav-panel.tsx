import { useEffect, useRef, type RefObject } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { BrandMark } from '../../../ui/brand-mark';
import { DashboardNav } from './dashboard-nav';

export const mobileNavPanelId = 'dashboard-mobile-nav';

const focusableSelector =
  'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface MobileNavPanelProps {
  onClose(): void;
  /** The burger button, which gets the focus back when the panel closes. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}

/**
 * The sidebar as a slide-in panel on phones: a modal dialog that takes the focus, keeps Tab
 * inside, and closes on Escape, on the backdrop or when a link is followed. The slide is a CSS
 * transition, which the reduced-motion rule of index.css turns off.
 */
export function MobileNavPanel({ onClose, returnFocusTo }: MobileNavPanelProps) {
  const { t } = useTranslation();
  const panel = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const burger = returnFocusTo.current;
    closeButton.current?.focus();
    // The page behind must not scroll under the panel.
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
        return;
      }
      if (event.key !== 'Tab' || !panel.current) return;
      const focusables = [...panel.current.querySelectorAll<HTMLElement>(focusableSelector)];
      const first = focusables[0];
      const last = focusables.at(-1);
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = previousOverflow;
      burger?.focus();
    };
  }, [onClose, returnFocusTo]);

  return (
    <div className="fixed inset-0 z-50 lg:hidden">
      <div
        aria-hidden="true"
        data-testid="mobile-nav-backdrop"
        onClick={onClose}
        className="absolute inset-0 bg-slate-900/50 transition-opacity duration-200 starting:opacity-0"
      />
      <div
        ref={panel}
        id={mobileNavPanelId}
        role="dialog"
        aria-modal="true"
        aria-label={t('dashboard.nav.menu')}
        className="absolute inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col gap-6 overflow-y-auto bg-brand-950 p-4 shadow-xl transition-transform duration-200 ease-out starting:-translate-x-full"
      >
        <div className="flex items-center justify-between gap-2">
          <Link
            to="/"
            onClick={onClose}
            aria-label={t('dashboard.brand.home')}
            className="flex min-h-10 items-center gap-2.5 rounded-lg px-1 text-lg font-bold tracking-tight text-white"
          >
            <BrandMark />
            <span aria-hidden="true">{t('dashboard.brand.name')}</span>
          </Link>
          <button
            ref={closeButton}
            type="button"
            onClick={onClose}
            aria-label={t('dashboard.nav.closeMenu')}
            className="inline-flex size-11 items-center justify-center rounded-lg text-brand-100 hover:bg-white/10 hover:text-white"
          >
            <X aria-hidden="true" className="size-6" />
          </button>
        </div>
        <DashboardNav onNavigate={onClose} />
      </div>
    </div>
  );
}
