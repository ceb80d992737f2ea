import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { I18nextProvider } from 'react-i18next';
import { firstTranslations, i18n } from './i18n/i18n';
import { createAppRouter } from './app/router';
import './index.css';

const router = createAppRouter();

// A visitor reading French or Arabic never sees the landing page in English first. Not a
// top-level await: the entry would then be split into many more chunks, heavier to download.
void firstTranslations.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </StrictMode>,
  ),
);
