import { someTranslationsSchema, translationsQuerySchema } from '../content.ts';
import { siteSettingsSchema } from '../site.ts';
import { contentPaths } from './content-paths.ts';
import { endpoint } from './endpoint.ts';

/** What the public pages read: the texts of every language and the agency's settings. */
export const contentApi = {
  translations: endpoint({
    method: 'GET',
    path: contentPaths.translations,
    access: 'public',
    summary:
      "Every language's texts, or the one `language` names, as the translations table holds them",
    query: translationsQuerySchema,
    responses: { 200: someTranslationsSchema },
  }),
  site: endpoint({
    method: 'GET',
    path: contentPaths.site,
    access: 'public',
    summary: "The agency's name, contact and outside links, from the configuration",
    responses: { 200: siteSettingsSchema },
  }),
};
