import '../public-pages-strings';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChevronDown, MessageCircleQuestion } from 'lucide-react';
import { buttonClassName } from '../../../ui/button-styles';
import { Container } from '../../../ui/container';
import { TitledPageHero } from '../../../ui/page-hero';

interface Question {
  question: string;
  answer: string;
}

export function FaqPage() {
  const { t } = useTranslation();
  const questions = t('public.faq.items', {
    returnObjects: true,
    email: t('public.contact.email'),
    phone: t('public.contact.phone'),
  }) as Question[];
  return (
    <>
      <TitledPageHero words="public.faq" />
      <Container width="narrow" className="py-16">
        {/* Native <details>: keyboard, screen readers and find-in-page work without script. */}
        <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm">
          {questions.map((item) => (
            <details key={item.question} className="group">
              <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-5 py-4 text-start text-lg font-semibold text-slate-900 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
                {item.question}
                <ChevronDown
                  aria-hidden="true"
                  className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
                />
              </summary>
              <p className="px-5 pb-5 leading-7 text-slate-700">{item.answer}</p>
            </details>
          ))}
        </div>

        <div className="mt-10 flex flex-col items-start gap-4 rounded-xl bg-brand-50 p-6 ring-1 ring-brand-100 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex items-start gap-4">
            <MessageCircleQuestion
              aria-hidden="true"
              className="mt-0.5 size-6 shrink-0 text-brand-800"
            />
            <div>
              <h2 className="font-semibold text-slate-900">{t('public.faq.moreTitle')}</h2>
              <p className="mt-1 text-slate-600">{t('public.faq.moreText')}</p>
            </div>
          </div>
          <Link to="/contact-us" className={buttonClassName('primary')}>
            {t('public.faq.moreLink')}
          </Link>
        </div>
      </Container>
    </>
  );
}
