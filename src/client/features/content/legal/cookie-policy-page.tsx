import {
  LegalDocumentPage,
  loadPageLanguage,
  type LegalDocumentFiles,
} from './legal-document-page.tsx';

// The page's code in a chunk of its own, and each language of its document in a file of its own.
export const documents: LegalDocumentFiles = {
  en: () => import('../../../../domain/locales/en/legal/cookie-policy.json'),
  es: () => import('../../../../domain/locales/es/legal/cookie-policy.json'),
  pt: () => import('../../../../domain/locales/pt/legal/cookie-policy.json'),
};
await loadPageLanguage(documents);

export function CookiePolicyPage() {
  return <LegalDocumentPage documents={documents} path="/cookie-policy" />;
}
