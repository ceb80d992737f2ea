import { ContactSection } from '../components/contact-section';
import { FeaturesSection } from '../components/features-section';
import { HeroSection } from '../components/hero-section';
import { HowItWorksSection } from '../components/how-it-works-section';
import { TestimonialsCarousel } from '../components/testimonials-carousel';
import { usePageTitle } from '../use-page-title';

/** The landing page of docs/product.md, section 1; its section ids are the header's anchors. */
export function HomePage() {
  usePageTitle();
  return (
    <>
      <HeroSection />
      <HowItWorksSection />
      <FeaturesSection />
      <TestimonialsCarousel />
      <ContactSection />
    </>
  );
}
