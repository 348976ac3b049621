import { z } from 'zod';

/** The social networks the footer can link to, in the order their icons appear. */
export const socialNetworks = ['instagram', 'tiktok', 'x', 'youtube'] as const;
export type SocialNetwork = (typeof socialNetworks)[number];

/**
 * Who the agency is and where its outside links go, from the server's configuration (SITE_*,
 * SOCIAL_*_URL, FAN_SITE_URL, SIGNUP_URL, SISTER_AUTH_URL). GET /api/site returns it; server
 * rendering puts the same object into the page, so the first render in the browser matches the
 * HTML. An unset outside link is absent: the site then keeps to its
 * own pages and hides links with nowhere to go.
 *
 * Marked pure so the public pages, which use only the plain values of this file, ship without zod.
 */
export const siteSettingsSchema = /* @__PURE__ */ z.object({
  agencyName: z.string(),
  legalEntity: z.string(),
  /** When set, shown in every language instead of the translated `footer.tagline`. */
  tagline: z.string().optional(),
  city: z.string(),
  contactEmail: z.string(),
  /** Only the configured profiles: a footer icon never leads nowhere. */
  social: z.partialRecord(z.enum(socialNetworks), z.string()),
  fanSiteUrl: z.string().optional(),
  signupUrl: z.string().optional(),
  sisterAuthUrl: z.string().optional(),
  /**
   * Days after a rejection when the application's identity document is deleted
   * (APPLICATION_DOCUMENT_RETENTION_DAYS): the Privacy Policy states the configured figure.
   */
  documentRetentionDays: z.number().int(),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/** Neutral defaults for an agency that has configured nothing yet. */
export const defaultSiteSettings: SiteSettings = {
  agencyName: 'Creator Agency',
  legalEntity: 'Creator Agency LLC',
  city: 'Miami',
  contactEmail: 'hello@example.com',
  social: {},
  documentRetentionDays: 30,
};

/**
 * Where an apply button goes: the outside sign-up page when configured (opened in a new tab),
 * otherwise the sister site's sign-in page, otherwise our own application form.
 */
export function applyDestination(site: SiteSettings): { href: string; isExternal: boolean } {
  const external = site.signupUrl ?? site.sisterAuthUrl;
  return external ? { href: external, isExternal: true } : { href: '/apply', isExternal: false };
}
