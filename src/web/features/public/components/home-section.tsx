import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Container } from '../../../ui/container';
import { SectionHeading } from '../../../ui/section-heading';

/**
 * A landing-page section under its heading: anchored by `id` (the header's links scroll to it),
 * named by its title, its words under public.home.<words> (eyebrow, title, lead).
 */
export function HomeSection({
  id,
  words,
  className,
  children,
}: {
  id: string;
  words: 'features' | 'howItWorks';
  /** Its background and spacing. */
  className: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={`scroll-mt-16 ${className}`}>
      <Container>
        <SectionHeading
          id={`${id}-title`}
          eyebrow={t(`public.home.${words}.eyebrow`)}
          title={t(`public.home.${words}.title`)}
          lead={t(`public.home.${words}.lead`)}
        />
        {children}
      </Container>
    </section>
  );
}
