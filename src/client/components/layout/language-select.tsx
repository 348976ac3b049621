import { Globe } from 'lucide-react';
import { useId } from 'react';
import { isLanguage, languages, type Language } from '../../../domain/languages.ts';
import { useLanguage } from '../../app/language-provider.tsx';

/** `onChange` runs after the switch, e.g. to remember a signed-in person's choice on the server. */
export function LanguageSelect({ onChange }: { onChange?: (language: Language) => void }) {
  const { language, setLanguage, t } = useLanguage();
  const id = useId();

  return (
    <div className="relative flex items-center">
      <label htmlFor={id} className="sr-only">
        {t('language.label')}
      </label>
      <Globe
        className="pointer-events-none absolute left-2.5 size-4 text-muted-foreground"
        aria-hidden="true"
      />
      <select
        id={id}
        value={language}
        onChange={(event) => {
          const next = event.target.value;
          if (!isLanguage(next)) return;
          setLanguage(next);
          onChange?.(next);
        }}
        className="h-9 rounded-md border border-border bg-surface py-1 pr-2 pl-8 text-sm text-foreground hover:border-muted-foreground"
      >
        <LanguageOptions />
      </select>
    </div>
  );
}

/** The choice of languages, for the header's switcher and for Settings alike. */
export function LanguageOptions() {
  const { t } = useLanguage();
  return languages.map((code) => (
    // Each name is written in its own language, so it is marked up as such.
    <option key={code} value={code} lang={code}>
      {t(`language.${code}`)}
    </option>
  ));
}
