import '../public-pages-strings';
import { useTranslation } from 'react-i18next';
import { BadgeCheck, HandHeart, Headset, Radar } from 'lucide-react';
import { Container } from '../../../ui/container';
import { SectionHeading } from '../../../ui/section-heading';
import { CtaBand } from '../components/cta-band';
import { TitledPageHero } from '../../../ui/page-hero';

const valueIcons = [BadgeCheck, HandHeart, Radar, Headset];

interface Value {
  title: string;
  text: string;
}

export function AboutPage() {
  const { t } = useTranslation();
  const story = t('public.about.story.paragraphs', { returnObjects: true }) as string[];
  const values = t('public.about.values.items', { returnObjects: true }) as Value[];
  return (
    <>
      <TitledPageHero words="public.about" />
      <Container className="grid gap-10 py-16 lg:grid-cols-[1fr_1.4fr] lg:gap-16">
        <h2 className="text-3xl font-bold tracking-tight text-slate-900">
          {t('public.about.story.title')}
        </h2>
        <div className="space-y-5 text-lg leading-8 text-slate-700">
          {story.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </Container>
      <section
        aria-labelledby="values-title"
        className="border-y border-slate-200 bg-slate-50 py-16"
      >
        <Container>
          <SectionHeading id="values-title" title={t('public.about.values.title')} align="start" />
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {values.map((value, index) => {
              const Icon = valueIcons[index] ?? BadgeCheck;
              return (
                <li key={value.title} className="rounded-xl border border-slate-200 bg-white p-6">
                  <span className="flex size-11 items-center justify-center rounded-lg bg-brand-50 text-brand-800 ring-1 ring-brand-100">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <h3 className="mt-4 text-lg font-semibold text-slate-900">{value.title}</h3>
                  <p className="mt-2 text-slate-600">{value.text}</p>
                </li>
              );
            })}
          </ul>
        </Container>
      </section>
      <CtaBand />
    </>
  );
}
