import { useEffect, useState, type FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight, MapPin, Pause, Play, Quote, Star } from 'lucide-react';
import { Container } from '../../../ui/container';
import { SectionHeading } from '../../../ui/section-heading';
import { initialsOf } from '../initials-of';
import { usePrefersReducedMotion } from '../use-prefers-reduced-motion';

/** docs/product.md, sections 4 and 9: the carousel moves on every 5 s. */
const advanceAfterMs = 5000;

interface Testimonial {
  quote: string;
  name: string;
  role: string;
  city: string;
}

/**
 * Follows the WAI-ARIA carousel pattern: rotation stops while the pointer or keyboard focus is
 * inside, can be stopped for good with its own button, and never starts for people who ask
 * for reduced motion. Slides are stacked in one grid cell so the height stays that of the
 * longest quote and the page below does not jump.
 */
export function TestimonialsCarousel() {
  const { t } = useTranslation();
  const testimonials = t('public.home.testimonials.items', {
    returnObjects: true,
  }) as Testimonial[];
  const count = testimonials.length;
  const [current, setCurrent] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const rotating = !hovered && !focused && !stopped && !reducedMotion;

  // Restarts on every change of slide, so a click on Next gives the new quote its full 5 s.
  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(
      () => setCurrent((index) => (index + 1) % count),
      advanceAfterMs,
    );
    return () => window.clearTimeout(timer);
  }, [rotating, current, count]);

  const show = (index: number) => setCurrent((index + count) % count);
  const leaveFocus = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };

  const controlButton =
    'inline-flex size-11 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-700 shadow-sm transition-colors hover:border-brand-300 hover:bg-brand-50 hover:text-brand-800';

  return (
    <section aria-labelledby="testimonials-title" className="bg-white py-20 sm:py-24">
      <Container>
        <SectionHeading
          id="testimonials-title"
          eyebrow={t('public.home.testimonials.eyebrow')}
          title={t('public.home.testimonials.title')}
        />
        <div
          role="region"
          aria-roledescription={t('public.home.testimonials.roleDescription')}
          aria-label={t('public.home.testimonials.label')}
          onMouseEnter={() => setHovered(true)}
          onMouseLeave={() => setHovered(false)}
          onFocus={() => setFocused(true)}
          onBlur={leaveFocus}
          className="mx-auto mt-12 max-w-3xl"
        >
          <div aria-live={rotating ? 'off' : 'polite'} className="grid">
            {testimonials.map((testimonial, index) => {
              const active = index === current;
              return (
                <figure
                  key={testimonial.name}
                  role="group"
                  aria-roledescription={t('public.home.testimonials.slideRoleDescription')}
                  aria-label={t('public.home.testimonials.position', {
                    position: index + 1,
                    total: count,
                  })}
                  aria-hidden={!active}
                  className={`relative col-start-1 row-start-1 flex flex-col rounded-2xl border border-slate-200 bg-slate-50 p-6 transition-[opacity,visibility,translate] duration-500 sm:p-10 ${active ? 'visible translate-y-0 opacity-100' : 'invisible translate-y-1 opacity-0'}`}
                >
                  <Quote aria-hidden="true" className="size-9 text-accent-400" />
                  <div
                    className="mt-4 flex gap-0.5 text-accent-500"
                    role="img"
                    aria-label={t('public.home.testimonials.rating')}
                  >
                    {[0, 1, 2, 3, 4].map((star) => (
                      <Star key={star} aria-hidden="true" className="size-4 fill-current" />
                    ))}
                  </div>
                  <blockquote className="mt-4 flex-1 text-lg leading-8 text-pretty text-slate-800 sm:text-xl sm:leading-9">
                    <p>{t('public.home.testimonials.quoted', { quote: testimonial.quote })}</p>
                  </blockquote>
                  <figcaption className="mt-6 flex items-center gap-4">
                    <span
                      aria-hidden="true"
                      className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-800 font-semibold text-white"
                    >
                      {initialsOf(testimonial.name)}
                    </span>
                    <span>
                      <span className="block font-semibold text-slate-900">{testimonial.name}</span>
                      <span className="block text-sm text-slate-600">{testimonial.role}</span>
                      <span className="mt-0.5 flex items-center gap-1 text-sm text-slate-500">
                        <MapPin aria-hidden="true" className="size-3.5" />
                        {testimonial.city}
                      </span>
                    </span>
                  </figcaption>
                </figure>
              );
            })}
          </div>

          <div className="mt-6 flex items-center justify-between gap-4">
            <div className="flex items-center gap-2">
              <button
                type="button"
                onClick={() => show(current - 1)}
                aria-label={t('public.home.testimonials.previous')}
                className={controlButton}
              >
                <ChevronLeft aria-hidden="true" className="size-5 rtl:-scale-x-100" />
              </button>
              <button
                type="button"
                onClick={() => show(current + 1)}
                aria-label={t('public.home.testimonials.next')}
                className={controlButton}
              >
                <ChevronRight aria-hidden="true" className="size-5 rtl:-scale-x-100" />
              </button>
            </div>

            {/* Dots where there is room for 40 px targets; a plain count on narrow phones. */}
            <p className="text-sm font-medium text-slate-600 tabular-nums sm:hidden">
              {t('public.home.testimonials.counter', { position: current + 1, total: count })}
            </p>
            <div className="hidden items-center sm:flex">
              {testimonials.map((testimonial, index) => (
                <button
                  key={testimonial.name}
                  type="button"
                  onClick={() => show(index)}
                  aria-label={t('public.home.testimonials.goTo', { position: index + 1 })}
                  aria-current={index === current ? 'true' : undefined}
                  className="group inline-flex size-10 items-center justify-center rounded-full"
                >
                  <span
                    className={`h-2.5 rounded-full transition-all ${index === current ? 'w-6 bg-brand-800' : 'w-2.5 bg-slate-300 group-hover:bg-slate-400'}`}
                  />
                </button>
              ))}
            </div>

            {!reducedMotion && (
              <button
                type="button"
                onClick={() => setStopped((value) => !value)}
                aria-label={t(
                  stopped
                    ? 'public.home.testimonials.startRotation'
                    : 'public.home.testimonials.stopRotation',
                )}
                className={controlButton}
              >
                {stopped ? (
                  <Play aria-hidden="true" className="size-4" />
                ) : (
                  <Pause aria-hidden="true" className="size-4" />
                )}
              </button>
            )}
          </div>
        </div>
      </Container>
    </section>
  );
}
