import { i18n } from './i18n';

/**
 * Adds an area's English strings when its code loads, so the landing page never downloads the
 * words of the dashboard or the back office. Call it at the top of the area's modules.
 */
export function addStrings(strings: Record<string, unknown>): void {
  i18n.addResourceBundle('en', 'translation', strings, true, false);
}
