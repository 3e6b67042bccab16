import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/App';
import { appTexts } from '@/app/texts';
import { currentLanguage, i18nReady, registerTexts } from '@/lib/i18n';
import '@/styles.css';

registerTexts('app', appTexts);
void i18nReady.then(() => {
  document.documentElement.lang = currentLanguage();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
