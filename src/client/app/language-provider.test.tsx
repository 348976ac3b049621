// @vitest-environment node
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { catalogues } from '../../domain/locales/index.ts';
import { LanguageProvider, useLanguage } from './language-provider.tsx';

function Headline() {
  const { language, t } = useLanguage();
  return (
    <h1 lang={language}>
      {t('hero.line1')} {t('hero.line4')}
    </h1>
  );
}

describe('useLanguage', () => {
  it('throws a named error outside a LanguageProvider', () => {
    expect(() => renderToString(<Headline />)).toThrow(
      'useLanguage must be used within a LanguageProvider',
    );
  });

  it('renders in the language and with the dictionary the server handed over', () => {
    const render = (language: 'en' | 'pt') =>
      renderToString(
        <LanguageProvider language={language} translations={catalogues[language]}>
          <Headline />
        </LanguageProvider>,
      );
    expect(render('en')).toBe(`<h1 lang="en">WE DON&#x27;T<!-- --> <!-- -->WE CREATE</h1>`);
    expect(render('pt')).toBe(
      `<h1 lang="pt">${catalogues.pt['hero.line1']}<!-- --> <!-- -->${catalogues.pt['hero.line4']}</h1>`,
    );
  });
});
