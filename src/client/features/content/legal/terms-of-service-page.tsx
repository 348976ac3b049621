import {
  LegalDocumentPage,
  loadPageLanguage,
  type LegalDocumentFiles,
} from './legal-document-page.tsx';

// The page's code in a chunk of its own, and each language of its document in a file of its own.
export const documents: LegalDocumentFiles = {
  en: () => import('../../../../domain/locales/en/legal/terms-of-service.json'),
  es: () => import('../../../../domain/locales/es/legal/terms-of-service.json'),
  pt: () => import('../../../../domain/locales/pt/legal/terms-of-service.json'),
};
await loadPageLanguage(documents);

export function TermsOfServicePage() {
  return <LegalDocumentPage documents={documents} path="/terms-of-service" />;
}
