import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowRight, CheckCircle2, MessageSquareText } from 'lucide-react';
import { buttonClassName } from '../../../ui/button-styles';
import { Container } from '../../../ui/container';
import { SectionHeading } from '../../../ui/section-heading';
import { ContactDetails } from './contact-details';

export function ContactSection() {
  const { t } = useTranslation();
  const points = t('public.home.contact.ctaPoints', { returnObjects: true }) as string[];
  return (
    <section
      id="contact-us"
      aria-labelledby="contact-us-title"
      className="scroll-mt-16 bg-white pb-12 sm:pb-24"
    >
      <Container>
        <div className="relative -mx-4 overflow-hidden bg-brand-900 px-5 py-12 sm:mx-0 sm:rounded-3xl sm:px-12 sm:py-14">
          <div
            aria-hidden="true"
            className="absolute -start-20 -bottom-32 size-96 rounded-full bg-brand-700/40 blur-3xl"
          />
          <div className="relative grid gap-12 lg:grid-cols-2 lg:gap-16">
            <div>
              <SectionHeading
                id="contact-us-title"
                align="start"
                tone="dark"
                eyebrow={t('public.home.contact.eyebrow')}
                title={t('public.home.contact.title')}
                lead={t('public.home.contact.lead')}
              />
              <div className="mt-8">
                <ContactDetails tone="dark" />
              </div>
            </div>
            <div className="flex flex-col justify-center rounded-2xl bg-white p-6 shadow-xl sm:p-8 lg:self-center">
              <h3 className="text-2xl font-bold tracking-tight text-slate-900">
                {t('public.home.contact.ctaTitle')}
              </h3>
              <p className="mt-3 text-slate-600">{t('public.home.contact.ctaText')}</p>
              <ul className="mt-5 space-y-2 text-sm text-slate-700">
                {points.map((point) => (
                  <li key={point} className="flex items-start gap-2">
                    <CheckCircle2
                      aria-hidden="true"
                      className="mt-0.5 size-4 shrink-0 text-green-600"
                    />
                    {point}
                  </li>
                ))}
              </ul>
              <div className="mt-6 flex flex-col gap-3 sm:flex-row lg:flex-col">
                <Link to="/register" className={buttonClassName('primary', 'lg')}>
                  {t('public.home.contact.ctaCreate')}
                  <ArrowRight aria-hidden="true" className="size-4 rtl:-scale-x-100" />
                </Link>
                <Link to="/contact-us" className={buttonClassName('secondary', 'lg')}>
                  <MessageSquareText aria-hidden="true" className="size-4" />
                  {t('public.home.contact.ctaMessage')}
                </Link>
              </div>
            </div>
          </div>
        </div>
      </Container>
    </section>
  );
}
