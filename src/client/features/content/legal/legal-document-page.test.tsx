// @vitest-environment node
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../../../domain/languages.ts';
import { catalogues } from '../../../../domain/locales/index.ts';
import { defaultSiteSettings } from '../../../../domain/site.ts';
import { LanguageProvider } from '../../../app/language-provider.tsx';
import { SiteProvider } from '../../../app/site-provider.tsx';
import { loadLegalDocument } from './legal-document-page.tsx';
import { documents, PrivacyPolicyPage } from './privacy-policy-page.tsx';

const site = {
  ...defaultSiteSettings,
  legalEntity: 'Northwind Talent S.A.',
  contactEmail: 'privacy@northwind.example',
  documentRetentionDays: 45,
};

// What the page's module waits for in the browser before the page is drawn.
async function render(language: Language) {
  await loadLegalDocument(documents, language);
  return renderToString(
    <LanguageProvider language={language} translations={catalogues[language]}>
      <SiteProvider site={site}>
        <MemoryRouter>
          <PrivacyPolicyPage />
        </MemoryRouter>
      </SiteProvider>
    </LanguageProvider>,
  );
}

describe('a legal document', () => {
  it("puts the agency's own values into its text, in the visitor's language", async () => {
    const english = await render('en');
    expect(english).toContain('Northwind Talent S.A.');
    expect(english).toContain('privacy@northwind.example');
    expect(english).toContain('45 days after the rejection');
    expect(english).not.toContain('{{');

    const spanish = await render('es');
    expect(spanish).toContain('45 días después del rechazo');
    expect(spanish).not.toContain('{{');
  });
});
