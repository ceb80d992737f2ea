import { useTranslation } from 'react-i18next';
import { Mail, MapPin, Phone } from 'lucide-react';

interface ContactDetailsProps {
  tone?: 'light' | 'dark';
}

/**
 * City, email and phone of docs/product.md, section 1; the email and phone are placeholders there.
 */
export function ContactDetails({ tone = 'light' }: ContactDetailsProps) {
  const { t } = useTranslation();
  const onDark = tone === 'dark';
  const email = t('public.contact.email');
  const [mailbox, domain] = email.split('@');
  const iconBox = onDark
    ? 'bg-white/10 text-accent-400'
    : 'bg-brand-50 text-brand-800 ring-1 ring-brand-100';
  const label = onDark ? 'text-brand-200' : 'text-slate-500';
  const value = onDark ? 'text-white' : 'text-slate-900';
  const link = `${value} -mx-1 inline-block rounded px-1 py-2 font-semibold underline-offset-4 hover:underline`;

  const items = [
    {
      icon: MapPin,
      label: t('public.contact.labels.address'),
      content: (
        <span className={`inline-flex min-h-10 items-center font-semibold ${value}`}>
          {t('public.contact.city')}
        </span>
      ),
    },
    {
      icon: Mail,
      label: t('public.contact.labels.email'),
      content: (
        <a href={`mailto:${email}`} className={link}>
          {/* A narrow phone may wrap the address, but only after the @. */}
          {mailbox}@
          <wbr />
          {domain}
        </a>
      ),
    },
    {
      icon: Phone,
      label: t('public.contact.labels.phone'),
      content: (
        <a href={`tel:${t('public.contact.phoneHref')}`} className={`${link} tabular-nums`}>
          {t('public.contact.phone')}
        </a>
      ),
    },
  ];

  return (
    <dl className="space-y-5">
      {items.map(({ icon: Icon, label: itemLabel, content }) => (
        <div key={itemLabel} className="flex items-start gap-4">
          <span
            className={`flex size-11 shrink-0 items-center justify-center rounded-lg ${iconBox}`}
          >
            <Icon aria-hidden="true" className="size-5" />
          </span>
          <div className="min-w-0">
            <dt className={`text-sm ${label}`}>{itemLabel}</dt>
            <dd className="-mt-1.5 text-base">{content}</dd>
          </div>
        </div>
      ))}
    </dl>
  );
}
