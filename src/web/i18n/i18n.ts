import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import common from './en/common.json';
import publicSite from './en/public.json';

/**
 * English is the specification's text; every screen reads its words from these files.
 * One file per area keeps them reviewable; all share the default namespace. Only the landing
 * page's words load here: every other area adds its own file when its code loads (addStrings).
 */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { translation: { ...common, ...publicSite } } },
  interpolation: { escapeValue: false },
  initAsync: false,
});
