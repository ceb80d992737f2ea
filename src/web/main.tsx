import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { I18nextProvider } from 'react-i18next';
import { firstTranslations, i18n } from './i18n/i18n';
import { createAppRouter } from './app/router';

const router = createAppRouter();

/** Resolves once the router has loaded the code of the first screen. */
function firstScreenLoaded(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stopWatching = router.subscribe((state) => {
      if (!state.initialized) return;
      stopWatching();
      resolve();
    });
  });
}

/**
 * Turns the text faces on (index.css) in the frame after the first screen: that screen shows in
 * the system's face, and the faces' files do not hold it up
 * (docs/decisions/0006-what-the-landing-page-loads.md).
 */
function TextFaces() {
  useEffect(() => {
    const frame = requestAnimationFrame(() =>
      setTimeout(() => document.documentElement.setAttribute('data-faces', '')),
    );
    return () => cancelAnimationFrame(frame);
  }, []);
  return null;
}

// A visitor reading French or Arabic never sees the landing page in English first. Not a
// top-level await: the entry would then be split into many more chunks, heavier to download.
void Promise.all([firstTranslations, firstScreenLoaded()]).then(() => {
  const root = createRoot(document.getElementById('root')!);
  // As a transition, which React renders in slices in tasks of their own: the page never stops
  // answering for long while it draws its first screen (decision 0006).
  startTransition(() =>
    root.render(
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <RouterProvider router={router} />
        </I18nextProvider>
        <TextFaces />
      </StrictMode>,
    ),
  );
});
