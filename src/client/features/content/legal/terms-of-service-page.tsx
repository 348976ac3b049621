import en from '../../../../domain/locales/en/legal/terms-of-service.json' with { type: 'json' };
import es from '../../../../domain/locales/es/legal/terms-of-service.json' with { type: 'json' };
import pt from '../../../../domain/locales/pt/legal/terms-of-service.json' with { type: 'json' };
import { LegalDocumentPage } from './legal-document-page.tsx';

// A chunk of its own: the three languages of this one document, loaded only on its page.
export function TermsOfServicePage() {
  return <LegalDocumentPage documents={{ en, es, pt }} path="/terms-of-service" />;
}
