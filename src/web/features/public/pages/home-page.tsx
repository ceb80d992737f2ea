import { useDeferredValue } from 'react';
import { useLocation } from 'react-router';
import { ContactSection } from '../components/contact-section';
import { FeaturesSection } from '../components/features-section';
import { HeroSection } from '../components/hero-section';
import { HowItWorksSection } from '../components/how-it-works-section';
import { TestimonialsCarousel } from '../components/testimonials-carousel';
import { usePageTitle } from '../../../ui/use-page-title';

/** The landing page of docs/product.md, section 1; its section ids are the header's anchors. */
export function HomePage() {
  usePageTitle();
  const { hash } = useLocation();
  // The hero is painted alone first and the sections below it are rendered just after, in the
  // background: the first paint waits for a fraction of the page's work (docs/decisions/0006).
  // A link to a section shows them at once, so that the layout can scroll to it.
  const showSections = useDeferredValue(true, false) || hash !== '';
  return (
    <>
      <HeroSection />
      {showSections ? (
        <>
          <HowItWorksSection />
          <FeaturesSection />
          <TestimonialsCarousel />
          <ContactSection />
        </>
      ) : (
        // Keeps the footer below the fold until the sections arrive, so that nothing on screen moves.
        <div className="min-h-screen" />
      )}
    </>
  );
}
