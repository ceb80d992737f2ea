import type { TranslationLoader } from './area-translations';

/**
 * Every French and Arabic words file, each its own chunk. A module of its own, loaded the first
 * time a language other than English is shown, so an English visitor never downloads even the
 * list. A file not written yet is simply absent: its area shows English.
 */
export const translationFiles: Readonly<Record<string, TranslationLoader>> = import.meta.glob<
  Record<string, unknown>
>(['./fr/*.json', './ar/*.json'], { import: 'default' });
