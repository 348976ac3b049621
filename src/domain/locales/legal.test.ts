import { describe, expect, it } from 'vitest';
import { legalDocumentSchema, type LegalDocument } from '../content.ts';
import type { Language } from '../languages.ts';
import enCookie from './en/legal/cookie-policy.json' with { type: 'json' };
import enPrivacy from './en/legal/privacy-policy.json' with { type: 'json' };
import enTerms from './en/legal/terms-of-service.json' with { type: 'json' };
import esCookie from './es/legal/cookie-policy.json' with { type: 'json' };
import esPrivacy from './es/legal/privacy-policy.json' with { type: 'json' };
import esTerms from './es/legal/terms-of-service.json' with { type: 'json' };
import ptCookie from './pt/legal/cookie-policy.json' with { type: 'json' };
import ptPrivacy from './pt/legal/privacy-policy.json' with { type: 'json' };
import ptTerms from './pt/legal/terms-of-service.json' with { type: 'json' };

const documents: Record<string, { sections: number; versions: Record<Language, LegalDocument> }> = {
  'privacy policy': { sections: 11, versions: { en: enPrivacy, es: esPrivacy, pt: ptPrivacy } },
  'terms of service': { sections: 16, versions: { en: enTerms, es: esTerms, pt: ptTerms } },
  'cookie policy': { sections: 10, versions: { en: enCookie, es: esCookie, pt: ptCookie } },
};

const january2025: Record<Language, string> = {
  en: 'Last updated: January 2025',
  es: 'Última actualización: enero de 2025',
  pt: 'Última atualização: janeiro de 2025',
};

/** The shape of a document: blocks per section, items per list, placeholders per section. */
function outline(document: LegalDocument) {
  return document.sections.map((section) => ({
    blocks: section.body.map((block) => (typeof block === 'string' ? 'p' : block.length)),
    placeholders: [...JSON.stringify(section).matchAll(/\{\{\w+\}\}/g)].map(String).sort(),
  }));
}

describe('the legal documents', () => {
  for (const [name, { sections, versions }] of Object.entries(documents)) {
    it(`${name}: ${sections} numbered sections in every language, dated January 2025`, () => {
      for (const [language, document] of Object.entries(versions) as [Language, LegalDocument][]) {
        expect(legalDocumentSchema.parse(document)).toEqual(document);
        expect(document.lastUpdated).toBe(january2025[language]);
        expect(document.sections.map((section) => Number.parseInt(section.title, 10))).toEqual(
          Array.from({ length: sections }, (_, index) => index + 1),
        );
      }
    });

    it(`${name}: the translations follow the English document block by block`, () => {
      expect(outline(versions.es)).toEqual(outline(versions.en));
      expect(outline(versions.pt)).toEqual(outline(versions.en));
    });
  }

  it('state the terms the product fixes and what it really stores', () => {
    const text = (document: LegalDocument, section: number) =>
      JSON.stringify(document.sections[section - 1]);
    expect(text(enTerms, 13)).toContain('twelve (12) months');
    expect(text(enTerms, 16)).toMatch(/State of Florida.*Broward County, Florida/);
    expect(text(esTerms, 16)).toMatch(/Estado de Florida.*condado de Broward/);
    expect(text(ptTerms, 16)).toMatch(/Estado da Flórida.*Condado de Broward/);
    // The retention the server enforces (APPLICATION_DOCUMENT_RETENTION_DAYS), filled in on the page.
    expect(text(enPrivacy, 4)).toContain(
      'deleted automatically {{documentRetentionDays}} days after the rejection',
    );
    expect(text(enPrivacy, 7)).toContain('until one of our administrators erases it');
    expect(text(enPrivacy, 7)).toContain(
      'an account with published compensation cannot be deleted',
    );
    expect(text(enCookie, 3)).toContain('“sid”');
    expect(text(enCookie, 4)).toContain('“preferredLanguage”');
  });
});
