const dateFormats = new Map<string, Intl.DateTimeFormat>();

function formatWith(options: Intl.DateTimeFormatOptions, iso: string, locale: string): string {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, format);
  }
  return format.format(new Date(iso));
}

/** '5 Jan 2026' in the reader's time zone. */
export function formatDate(iso: string, locale = 'en-GB'): string {
  return formatWith({ dateStyle: 'medium' }, iso, locale);
}

/** '5 Jan 2026, 14:05' in the reader's time zone. */
export function formatDateTime(iso: string, locale = 'en-GB'): string {
  return formatWith({ dateStyle: 'medium', timeStyle: 'short' }, iso, locale);
}
