// Plain values only (no zod), so the public pages that read them ship small.

/**
 * The agency's four services, in the order every page lists them: the anchor id on /services
 * (docs/product.md, section 3) and the catalogue prefix of their texts (`services.<key>.title`
 * etc.).
 */
export const services = [
  { id: 'social-media-growth', key: 'socialMediaGrowth' },
  { id: 'merch-launch', key: 'merchLaunch' },
  { id: 'website-building', key: 'websiteBuilding' },
  { id: 'content-management', key: 'contentManagement' },
] as const;
export type Service = (typeof services)[number];

/** Marketing figures (docs/product.md, section 3); they read the same in every language. */
export const marketingFigures = {
  creators: '500+',
  reach: '100M+',
  revenue: '$50M+',
  support: '24/7',
  reviewHours: '48h',
  acceptanceRate: '10%',
  members: '125+',
  globalReach: '50M+',
} as const;
