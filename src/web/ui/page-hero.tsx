import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Container } from './container';
import { AtlasRidge } from './atlas-ridge';
import { usePageTitle } from './use-page-title';

interface PageHeroProps {
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
}

/** The opening band of every static page: its one h1 and a sentence saying what it is for. */
export function PageHero({ eyebrow, title, lead }: PageHeroProps) {
  return (
    <div className="relative overflow-hidden border-b border-brand-100 bg-linear-to-b from-brand-50 to-white">
      <AtlasRidge className="absolute inset-x-0 bottom-0 h-24 w-full text-brand-100/70" />
      <Container className="relative py-12 sm:py-16">
        {eyebrow && (
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
        )}
        <h1 className="mt-2 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">
          {title}
        </h1>
        {lead && <p className="mt-4 max-w-2xl text-lg text-pretty text-slate-600">{lead}</p>}
      </Container>
    </div>
  );
}

/**
 * The hero of a page whose words stand under one key (`<words>.eyebrow`, `<words>.title`,
 * `<words>.lead`); its title also names the browser tab.
 */
export function TitledPageHero({ words }: { words: string }) {
  const { t } = useTranslation();
  const title = t(`${words}.title`);
  usePageTitle(title);
  return <PageHero eyebrow={t(`${words}.eyebrow`)} title={title} lead={t(`${words}.lead`)} />;
}
