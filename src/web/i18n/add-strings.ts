import { i18n, registerArea } from './i18n';

/**
 * Adds an area's English strings when its code loads, so the landing page never downloads the
 * words of the dashboard or the back office, and starts fetching the area's words in the language
 * shown (src/web/i18n/<language>/<area>.json); the routes wait for them before showing a screen
 * (app/router.tsx). Call it at the top of the area's `*-strings.ts` module, the area's file name
 * as `area`.
 */
export function addStrings(area: string, strings: Record<string, unknown>): void {
  i18n.addResourceBundle('en', 'translation', strings, true, false);
  registerArea(area);
}
