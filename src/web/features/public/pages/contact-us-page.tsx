import '../public-pages-strings';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckCircle2, Clock, Send } from 'lucide-react';
import { buttonClassName } from '../../../ui/button-styles';
import { Container } from '../../../ui/container';
import { inputClassName, labelClassName } from '../../../ui/input-styles';
import { ContactDetails } from '../components/contact-details';
import { TitledPageHero } from '../../../ui/page-hero';

type Field = 'name' | 'email' | 'message';
type Errors = Partial<Record<Field, string>>;

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function ContactUsPage() {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<Errors>({});
  const [sentBy, setSentBy] = useState<string | null>(null);

  // The message goes nowhere yet (no API for it in the specification): the page only thanks.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (field: Field) => String(data.get(field) ?? '').trim();
    const found: Errors = {};
    if (!value('name')) found.name = t('public.contactPage.form.nameRequired');
    if (!value('email')) found.email = t('public.contactPage.form.emailRequired');
    else if (!emailPattern.test(value('email')))
      found.email = t('public.contactPage.form.emailInvalid');
    if (!value('message')) found.message = t('public.contactPage.form.messageRequired');
    setErrors(found);
    if (Object.keys(found).length === 0) setSentBy(value('name'));
  };

  const clearError = (field: Field) =>
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));

  const fieldProps = (field: Field) => ({
    id: `contact-${field}`,
    name: field,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `contact-${field}-error` : undefined,
    onChange: () => clearError(field),
    className: inputClassName(Boolean(errors[field])),
  });

  const fieldError = (field: Field) =>
    errors[field] && (
      <p id={`contact-${field}-error`} className="mt-1.5 text-sm text-red-700">
        {errors[field]}
      </p>
    );

  return (
    <>
      <TitledPageHero words="public.contactPage" />
      <Container className="grid gap-10 py-16 lg:grid-cols-[1fr_1.4fr] lg:gap-16">
        <section aria-labelledby="contact-details-title">
          <h2 id="contact-details-title" className="text-2xl font-semibold text-slate-900">
            {t('public.contactPage.detailsTitle')}
          </h2>
          <div className="mt-6">
            <ContactDetails />
          </div>
          <p className="mt-8 flex items-start gap-3 rounded-lg bg-slate-50 p-4 text-sm text-slate-600 ring-1 ring-slate-200">
            <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
            {t('public.contactPage.responseTime')}
          </p>
        </section>

        <section
          aria-labelledby="contact-form-title"
          className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
        >
          <h2 id="contact-form-title" className="text-2xl font-semibold text-slate-900">
            {t('public.contactPage.form.title')}
          </h2>
          {sentBy === null ? (
            <form noValidate onSubmit={submit} className="mt-6 space-y-5">
              <div className="grid gap-5 sm:grid-cols-2">
                <div>
                  <label htmlFor="contact-name" className={labelClassName}>
                    {t('public.contactPage.form.name')}
                  </label>
                  <input type="text" autoComplete="name" {...fieldProps('name')} />
                  {fieldError('name')}
                </div>
                <div>
                  <label htmlFor="contact-email" className={labelClassName}>
                    {t('public.contactPage.form.email')}
                  </label>
                  <input
                    type="email"
                    autoComplete="email"
                    inputMode="email"
                    {...fieldProps('email')}
                  />
                  {fieldError('email')}
                </div>
              </div>
              <div>
                <label htmlFor="contact-message" className={labelClassName}>
                  {t('public.contactPage.form.message')}
                </label>
                <textarea rows={5} {...fieldProps('message')} />
                {fieldError('message')}
              </div>
              <button
                type="submit"
                className={`${buttonClassName('primary', 'lg')} w-full sm:w-auto`}
              >
                <Send aria-hidden="true" className="size-4 rtl:-scale-x-100" />
                {t('public.contactPage.form.submit')}
              </button>
            </form>
          ) : (
            <div className="mt-6 rounded-xl bg-green-50 p-6 ring-1 ring-green-200">
              <p
                // Focus moves here so screen readers read the thanks that replaced the form.
                ref={(node) => node?.focus()}
                tabIndex={-1}
                className="flex items-start gap-3 font-medium text-green-900 focus:outline-none"
              >
                <CheckCircle2
                  aria-hidden="true"
                  className="mt-0.5 size-5 shrink-0 text-green-700"
                />
                {t('public.contactPage.form.thanks', { name: sentBy })}
              </p>
              <button
                type="button"
                onClick={() => setSentBy(null)}
                className={`${buttonClassName('secondary')} mt-5`}
              >
                {t('public.contactPage.form.another')}
              </button>
            </div>
          )}
        </section>
      </Container>
    </>
  );
}
