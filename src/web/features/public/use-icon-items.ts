import type { LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** A titled text of the catalogue with its icon: a feature, a step, a service. */
export interface IconItem {
  title: string;
  text: string;
  Icon: LucideIcon;
}

/**
 * The `{ title, text }[]` list under `key` in the catalogue, each item with its icon from `icons`
 * in the same order (docs/product.md lists them in that order), `fallback` past their end.
 */
export function useIconItems(
  key: string,
  icons: readonly LucideIcon[],
  fallback: LucideIcon,
): IconItem[] {
  const { t } = useTranslation();
  const items = t(key, { returnObjects: true }) as { title: string; text: string }[];
  return items.map((item, index) => ({ ...item, Icon: icons[index] ?? fallback }));
}
