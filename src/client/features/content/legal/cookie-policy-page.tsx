import en from '../../../../domain/locales/en/legal/cookie-policy.json' with { type: 'json' };
import es from '../../../../domain/locales/es/legal/cookie-policy.json' with { type: 'json' };
import pt from '../../../../domain/locales/pt/legal/cookie-policy.json' with { type: 'json' };
import { LegalDocumentPage } from './legal-document-page.tsx';

// A chunk of its own: the three languages of this one document, loaded only on its page.
export function CookiePolicyPage() {
  return <LegalDocumentPage documents={{ en, es, pt }} path="/cookie-policy" />;
}
