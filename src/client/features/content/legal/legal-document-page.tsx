import { use } from 'react';
import { Link } from 'react-router';
import type { LegalDocument } from '../../../../domain/content.ts';
import { fillIn } from '../../../../domain/i18n.ts';
import { isLanguage, type Language } from '../../../../domain/languages.ts';
import type { SiteSettings } from '../../../../domain/site.ts';
import { useLanguage } from '../../../app/language-provider.tsx';
import { useSite } from '../../../app/site-provider.tsx';

const policies = [
  { path: '/privacy-policy', titleKey: 'page.privacyPolicy' },
  { path: '/terms-of-service', titleKey: 'page.termsOfService' },
  { path: '/cookie-policy', titleKey: 'page.cookiePolicy' },
] as const;

/**
 * The agency's own name, entity, city and address, and its configured retention of identity
 * documents, as the documents' `{{slots}}` name them.
 */
function siteValues(site: SiteSettings): Record<string, string> {
  return {
    agencyName: site.agencyName,
    legalEntity: site.legalEntity,
    city: site.city,
    contactEmail: site.contactEmail,
    documentRetentionDays: String(site.documentRetentionDays),
  };
}

/** A document's text with the agency's values put in, as every other text has them. */
function useDocumentText(): (value: string) => string {
  const { language } = useLanguage();
  const values = siteValues(useSite());
  return (value) => fillIn(value, values, language);
}

const sectionId = (index: number) => `section-${index + 1}`;

/** A document's three languages, each a file of its own: a page downloads only its reader's. */
export type LegalDocumentFiles = Record<Language, () => Promise<{ default: LegalDocument }>>;

const loading = new Map<() => Promise<{ default: LegalDocument }>, Promise<LegalDocument>>();
const loaded = new Map<() => Promise<{ default: LegalDocument }>, LegalDocument>();

/** A document in one language, downloaded once; a failed download is tried again next time. */
export function loadLegalDocument(files: LegalDocumentFiles, language: Language) {
  const file = files[language];
  let document = loading.get(file);
  if (!document) {
    document = file().then(
      ({ default: text }) => {
        loaded.set(file, text);
        return text;
      },
      (error: unknown) => {
        loading.delete(file);
        throw error;
      },
    );
    loading.set(file, document);
  }
  return document;
}

/**
 * In the browser, the page's own language, for a document page's module to wait for before it is
 * done loading: the page hydrates with its text at hand, as the server rendered it.
 */
export async function loadPageLanguage(files: LegalDocumentFiles): Promise<void> {
  if (typeof window === 'undefined') return;
  const { lang } = window.document.documentElement;
  if (isLanguage(lang)) await loadLegalDocument(files, lang);
}

/**
 * A legal document in the visitor's language. The documents are versioned files rather than
 * rows of the translations table (decision 0009).
 */
export function LegalDocumentPage({
  documents,
  path,
}: {
  documents: LegalDocumentFiles;
  path: (typeof policies)[number]['path'];
}) {
  const { language } = useLanguage();
  // Another language is fetched when the reader picks it; the switch waits for it (a transition).
  const document = loaded.get(documents[language]) ?? use(loadLegalDocument(documents, language));
  return (
    <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl px-4 py-16 sm:py-20">
      <div className="grid gap-12 lg:grid-cols-[minmax(0,1fr)_16rem]">
        <LegalArticle document={document} />
        <aside>
          <LegalNavigation document={document} path={path} />
        </aside>
      </div>
    </main>
  );
}

function LegalArticle({ document }: { document: LegalDocument }) {
  const { language } = useLanguage();
  const text = useDocumentText();
  return (
    <article lang={language} className="max-w-3xl">
      <h1 className="text-4xl font-black tracking-tight sm:text-5xl">{text(document.title)}</h1>
      <p className="mt-4 text-sm font-semibold text-accent">{text(document.lastUpdated)}</p>
      {document.intro.map((paragraph) => (
        <p key={paragraph} className="mt-5 leading-relaxed text-muted-foreground">
          {text(paragraph)}
        </p>
      ))}
      {document.sections.map((section, index) => (
        <section
          key={section.title}
          id={sectionId(index)}
          aria-labelledby={`${sectionId(index)}-title`}
          className="mt-12 scroll-mt-24"
        >
          <h2 id={`${sectionId(index)}-title`} className="text-2xl font-bold tracking-tight">
            {text(section.title)}
          </h2>
          {section.body.map((block, blockIndex) =>
            typeof block === 'string' ? (
              <p key={blockIndex} className="mt-4 leading-relaxed text-muted-foreground">
                {text(block)}
              </p>
            ) : (
              <ul
                key={blockIndex}
                className="mt-4 grid list-disc gap-2 pl-6 leading-relaxed text-muted-foreground marker:text-accent"
              >
                {block.map((item) => (
                  <li key={item}>{text(item)}</li>
                ))}
              </ul>
            ),
          )}
        </section>
      ))}
    </article>
  );
}

/** This document's sections, and the other policies. */
function LegalNavigation({
  document,
  path,
}: {
  document: LegalDocument;
  path: (typeof policies)[number]['path'];
}) {
  const { t } = useLanguage();
  const text = useDocumentText();
  return (
    <nav aria-labelledby="toc-title" className="lg:sticky lg:top-24">
      <h2 id="toc-title" className="text-sm font-bold tracking-[0.15em] uppercase">
        {t('legal.onThisPage')}
      </h2>
      <ol className="mt-4 grid gap-2 text-sm">
        {document.sections.map((section, index) => (
          <li key={section.title}>
            <a
              href={`#${sectionId(index)}`}
              className="rounded-sm text-muted-foreground hover:text-foreground"
            >
              {text(section.title)}
            </a>
          </li>
        ))}
      </ol>
      <h2 className="mt-10 text-sm font-bold tracking-[0.15em] uppercase">
        {t('legal.otherPolicies')}
      </h2>
      <ul className="mt-4 grid gap-2 text-sm">
        {policies
          .filter((policy) => policy.path !== path)
          .map((policy) => (
            <li key={policy.path}>
              <Link to={policy.path} className="rounded-sm text-accent hover:underline">
                {t(policy.titleKey)}
              </Link>
            </li>
          ))}
      </ul>
    </nav>
  );
}
