import '../public-pages-strings';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Container } from '../../../ui/container';
import { ContactDetails } from '../components/contact-details';
import { PageHero } from '../../../ui/page-hero';
import { usePageTitle } from '../../../ui/use-page-title';

interface PolicySection {
  id: string;
  title: string;
  paragraphs?: string[];
  items?: string[];
  /** Paragraphs that follow the list. */
  notes?: string[];
  /** The last section names who to write to, so it shows the contact details. */
  withContact?: boolean;
}

export function PrivacyPolicyPage() {
  const { t } = useTranslation();
  usePageTitle(t('public.privacy.title'));
  const sections = t('public.privacy.sections', { returnObjects: true }) as PolicySection[];
  return (
    <>
      <PageHero
        eyebrow={t('public.privacy.updated')}
        title={t('public.privacy.title')}
        lead={t('public.privacy.lead')}
      />
      <Container className="grid gap-10 py-16 lg:grid-cols-[16rem_1fr] lg:gap-16">
        <nav
          aria-label={t('public.privacy.contentsLabel')}
          className="lg:sticky lg:top-24 lg:self-start"
        >
          <h2 className="text-sm font-semibold text-slate-900">
            {t('public.privacy.contentsLabel')}
          </h2>
          <ol className="mt-3 space-y-0.5 border-s border-slate-200">
            {sections.map((section) => (
              <li key={section.id}>
                <Link
                  to={`#${section.id}`}
                  className="-ms-px flex min-h-10 items-center border-s-2 border-transparent ps-4 text-sm text-slate-600 hover:border-brand-700 hover:text-brand-800"
                >
                  {section.title}
                </Link>
              </li>
            ))}
          </ol>
        </nav>
        <div className="max-w-3xl space-y-12">
          {sections.map((section) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-title`}
              className="scroll-mt-24"
            >
              <h2
                id={`${section.id}-title`}
                className="text-2xl font-semibold tracking-tight text-slate-900"
              >
                {section.title}
              </h2>
              {section.paragraphs?.map((paragraph) => (
                <p key={paragraph} className="mt-4 leading-7 text-slate-700">
                  {paragraph}
                </p>
              ))}
              {section.items && (
                <ul className="mt-4 list-disc space-y-2 ps-5 leading-7 text-slate-700 marker:text-brand-700">
                  {section.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              )}
              {section.notes?.map((note) => (
                <p key={note} className="mt-4 leading-7 text-slate-700">
                  {note}
                </p>
              ))}
              {section.withContact && (
                <div className="mt-6 rounded-xl border border-slate-200 bg-slate-50 p-6">
                  <ContactDetails />
                </div>
              )}
            </section>
          ))}
        </div>
      </Container>
    </>
  );
}
