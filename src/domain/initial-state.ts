import type { Language } from './languages.ts';
import type { SiteSettings } from './site.ts';

/**
 * What the server hands the browser inside every page it sends, so the first render in the
 * browser uses the same language, texts and settings as the HTML (no flash of other text, no
 * hydration mismatch, no request before the first paint). It travels as JSON in a
 * `<script type="application/json">` element: data, not code, which the CSP allows.
 */
export interface InitialState {
  language: Language;
  /** The dictionary of `language` from the translations table (an agency's edits included). */
  translations: Record<string, string>;
  /**
   * Whether `translations` is the whole dictionary. The public site's pages but the wizard carry
   * only the texts they read (`siteTexts`); the others fetch the rest before they draw.
   */
  translationsComplete: boolean;
  site: SiteSettings;
}

/** The id of the element that carries the initial state. */
export const initialStateElementId = 'initial-state';

/**
 * The attribute of an application screen's root that names its scripts, separated by spaces, for
 * the page's script to ask for at once (`boot.ts`).
 */
export const screenScriptsAttribute = 'data-scripts';
