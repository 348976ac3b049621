import { Instagram, Music2, Twitter, Youtube, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { services } from '../../../domain/marketing.ts';
import { socialNetworks, type SocialNetwork } from '../../../domain/site.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { useSite } from '../../app/site-provider.tsx';
import { PublicLogo } from './public-logo.tsx';
import { paths } from '../../../domain/routes.ts';

// Brand names are the same in every language.
const networks: Record<SocialNetwork, { name: string; icon: LucideIcon }> = {
  instagram: { name: 'Instagram', icon: Instagram },
  tiktok: { name: 'TikTok', icon: Music2 },
  x: { name: 'X', icon: Twitter },
  youtube: { name: 'YouTube', icon: Youtube },
};

const linkClassName =
  'rounded-sm text-sm text-muted-foreground transition-colors hover:text-foreground';

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-bold tracking-[0.15em] text-foreground uppercase">{title}</h2>
      <ul className="mt-4 grid gap-3">{children}</ul>
    </div>
  );
}

/** The logo, the tagline and the agency's social profiles (only those configured). */
function FooterBrand() {
  const { t } = useLanguage();
  const site = useSite();
  const profiles = socialNetworks.flatMap((network) => {
    const url = site.social[network];
    return url ? [{ network, url, ...networks[network] }] : [];
  });
  return (
    <div className="grid content-start gap-4">
      <PublicLogo />
      <p className="max-w-xs text-sm text-muted-foreground">
        {site.tagline ?? t('footer.tagline')}
      </p>
      {profiles.length > 0 && (
        <ul className="flex gap-2">
          {profiles.map(({ network, url, name, icon: Icon }) => (
            <li key={network}>
              <a
                href={url}
                target="_blank"
                rel="noopener"
                aria-label={`${t('footer.social', { agencyName: site.agencyName, network: name })} ${t('nav.newTab')}`}
                className="inline-flex size-10 items-center justify-center rounded-full border border-border text-muted-foreground transition-colors hover:border-accent hover:text-accent"
              >
                <Icon className="size-4" aria-hidden="true" />
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** About, the outside fan and sign-up sites when configured, and signing in (ours or the sister site's). */
function CompanyLinks() {
  const { t } = useLanguage();
  const site = useSite();
  return (
    <FooterColumn title={t('footer.company')}>
      <li>
        <Link to={paths.about} className={linkClassName}>
          {t('footer.aboutUs')}
        </Link>
      </li>
      {site.fanSiteUrl && (
        <li>
          <a href={site.fanSiteUrl} className={linkClassName}>
            {t('nav.forFans')}
          </a>
        </li>
      )}
      {site.signupUrl && (
        <li>
          <a href={site.signupUrl} target="_blank" rel="noopener" className={linkClassName}>
            {t('nav.forInfluencers')}
            <span className="sr-only"> {t('nav.newTab')}</span>
          </a>
        </li>
      )}
      <li>
        {site.sisterAuthUrl ? (
          <a href={site.sisterAuthUrl} className={linkClassName}>
            {t('footer.signIn')}
          </a>
        ) : (
          <Link to={paths.login} className={linkClassName}>
            {t('footer.signIn')}
          </Link>
        )}
      </li>
    </FooterColumn>
  );
}

const legalPages = ['privacyPolicy', 'termsOfService', 'cookiePolicy'] as const;

export function PublicFooter() {
  const { t } = useLanguage();
  const site = useSite();
  return (
    <footer className="border-t border-border bg-surface/40">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:grid-cols-2 lg:grid-cols-[1.5fr_1fr_1fr_1fr]">
        <FooterBrand />
        <FooterColumn title={t('footer.services')}>
          {services.map((service) => (
            <li key={service.id}>
              <Link to={{ pathname: '/services', hash: service.id }} className={linkClassName}>
                {t(`services.${service.key}.title`)}
              </Link>
            </li>
          ))}
        </FooterColumn>
        <CompanyLinks />
        <FooterColumn title={t('footer.legal')}>
          {legalPages.map((page) => (
            <li key={page}>
              <Link to={paths[page]} className={linkClassName}>
                {t(`page.${page}`)}
              </Link>
            </li>
          ))}
        </FooterColumn>
      </div>
      <div className="border-t border-border">
        <p className="mx-auto max-w-6xl px-4 py-6 text-xs text-muted-foreground">
          {t('footer.copyright', { legalEntity: site.legalEntity })}
        </p>
      </div>
    </footer>
  );
}
