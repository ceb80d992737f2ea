import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Noto Sans and Noto Sans Arabic (SIL Open Font License 1.1), read from their npm packages in
 * node_modules. They are resolved the way a package is, from wherever this code runs: the sources
 * under tsx and vitest, or dist/server/main.js after `npm run build` (esbuild bundles our code
 * there but leaves packages, and these files, in node_modules).
 */
const FONT_FILES = {
  latin: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  latinBold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  arabic: '@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf',
  arabicBold: '@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf',
} as const;

export type FontName = keyof typeof FONT_FILES;
export const FONT_NAMES = Object.keys(FONT_FILES) as FontName[];

let fonts: Readonly<Record<FontName, Buffer>> | null = null;

/** The four font files, read once per process; every document embeds the glyphs it uses. */
export function documentFonts(): Readonly<Record<FontName, Buffer>> {
  if (!fonts) {
    const require = createRequire(import.meta.url);
    fonts = Object.fromEntries(
      FONT_NAMES.map((name) => [name, readFileSync(require.resolve(FONT_FILES[name]))]),
    ) as Record<FontName, Buffer>;
  }
  return fonts;
}
