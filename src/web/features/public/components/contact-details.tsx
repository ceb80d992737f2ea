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
        // A phone number reads left to right in Arabic too: "+212 5 28…", not "…28 5 212+".
        <a
          href={`tel:${t('public.contact.phoneHref')}`}
          dir="ltr"
          className={`${link} tabular-nums`}
        >
          {t('public.contact.phone')}
        </a>
      ),
    },
  ];

  return (
    <dl className="space-y-5">
      {items.map(({ icon: Icon, label: itemLabel, content }) => (
        // A group of a list holds only its term and description (dt, dd): the icon is drawn
        // inside the term, in the room the group's start padding leaves for it.
        <div key={itemLabel} className="relative min-h-11 min-w-0 ps-15">
          <dt className={`text-sm ${label}`}>
            <span
              className={`absolute start-0 top-0 flex size-11 items-center justify-center rounded-lg ${iconBox}`}
            >
              <Icon aria-hidden="true" className="size-5" />
            </span>
            {itemLabel}
          </dt>
          <dd className="-mt-1.5 text-base">{content}</dd>
        </div>
      ))}
    </dl>
  );
}
