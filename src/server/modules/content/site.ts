import type { SiteSettings } from '../../../domain/site.ts';
import type { Config } from '../../config.ts';

/** The site settings the public pages read (GET /api/site and server rendering). */
export function siteSettings(config: Config): SiteSettings {
  return {
    ...config.site,
    fanSiteUrl: config.links.fanSite,
    signupUrl: config.links.signup,
    sisterAuthUrl: config.links.sisterAuth,
    documentRetentionDays: config.documents.retentionDays,
  };
}
