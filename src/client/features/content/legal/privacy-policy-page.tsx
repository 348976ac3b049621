import {
  LegalDocumentPage,
  loadPageLanguage,
  type LegalDocumentFiles,
} from './legal-document-page.tsx';

// The page's code in a chunk of its own, and each language of its document in a file of its own.
export const documents: LegalDocumentFiles = {
  en: () => import('../../../../domain/locales/en/legal/privacy-policy.json'),
  es: () => import('../../../../domain/locales/es/legal/privacy-policy.json'),
  pt: () => import('../../../../domain/locales/pt/legal/privacy-policy.json'),
};
await loadPageLanguage(documents);

export function PrivacyPolicyPage() {
  return <LegalDocumentPage documents={documents} path="/privacy-policy" />;
}
