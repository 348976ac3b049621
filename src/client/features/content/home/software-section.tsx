import {
  BarChart3,
  CalendarClock,
  Heart,
  Instagram,
  Layers,
  Music2,
  Plus,
  ShieldCheck,
  Sparkles,
  Star,
  Twitter,
  Users,
  Workflow,
  type LucideIcon,
} from 'lucide-react';
import { useLanguage } from '../../../app/language-provider.tsx';
import { PublicApplyLink } from '../../../components/layout/public-apply-link.tsx';
import { Reveal, stagger } from '../reveal.tsx';
import { SectionHeading } from '../section-heading.tsx';
import { portfolioSectionId } from './about-section.tsx';

const features: { key: string; icon: LucideIcon }[] = [
  { key: 'scheduling', icon: CalendarClock },
  { key: 'analytics', icon: BarChart3 },
  { key: 'segmentation', icon: Users },
  { key: 'protection', icon: ShieldCheck },
  { key: 'automation', icon: Workflow },
  { key: 'multiPlatform', icon: Layers },
];

// Platform names are brand names, the same in every language.
const platforms: { name: string; icon: LucideIcon }[] = [
  { name: 'OnlyFans', icon: Heart },
  { name: 'Fansly', icon: Star },
  { name: 'Instagram', icon: Instagram },
  { name: 'TikTok', icon: Music2 },
  { name: 'X (Twitter)', icon: Twitter },
];

export function SoftwareSection() {
  const { t } = useLanguage();
  return (
    <section
      id={portfolioSectionId}
      tabIndex={-1}
      aria-labelledby="portfolio-title"
      className="mx-auto max-w-6xl scroll-mt-16 px-4 py-20 sm:py-28"
    >
      <div className="grid items-center gap-12 lg:grid-cols-2">
        <div>
          <SectionHeading
            id="portfolio-title"
            eyebrow={t('portfolio.eyebrow')}
            title={t('portfolio.title')}
            text={t('portfolio.text')}
          />
          <p className="mt-8 inline-flex items-center gap-2 rounded-full border border-accent/50 bg-accent/10 px-4 py-2 text-sm font-bold text-accent">
            <Sparkles className="size-4" aria-hidden="true" />
            {t('portfolio.freeBadge')}
          </p>
        </div>
        <Reveal>
          <img
            src="/images/software-dashboard.svg"
            alt={t('portfolio.imageAlt')}
            width={960}
            height={600}
            loading="lazy"
            decoding="async"
            className="h-auto w-full rounded-2xl shadow-2xl shadow-black/40"
          />
        </Reveal>
      </div>

      <FeatureList />
      <Platforms />

      <div className="mt-14 flex justify-center">
        <PublicApplyLink size="lg">{t('portfolio.apply')}</PublicApplyLink>
      </div>
    </section>
  );
}

/** What the agency's software does, one card each. */
function FeatureList() {
  const { t } = useLanguage();
  return (
    <ul className="mt-16 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {features.map(({ key, icon: Icon }, index) => (
        <li key={key}>
          <Reveal
            delay={stagger(index % 3)}
            className="flex h-full flex-col rounded-2xl border border-border bg-surface p-6"
          >
            <Icon className="size-7 text-accent" aria-hidden="true" />
            <h3 className="mt-5 text-lg font-bold">{t(`portfolio.${key}.title`)}</h3>
            <p className="mt-2 flex-1 text-sm text-muted-foreground">
              {t(`portfolio.${key}.description`)}
            </p>
            <p className="mt-5 self-start rounded-full bg-accent/10 px-3 py-1 text-xs font-semibold text-accent">
              {t(`portfolio.${key}.tag`)}
            </p>
          </Reveal>
        </li>
      ))}
    </ul>
  );
}

/** The platforms the software works with, and more. */
function Platforms() {
  const { t } = useLanguage();
  return (
    <div className="mt-20">
      <h3 className="text-center text-sm font-bold tracking-[0.25em] text-muted-foreground uppercase">
        {t('portfolio.platforms.title')}
      </h3>
      <ul className="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {[...platforms, { name: t('portfolio.platforms.more'), icon: Plus }].map(
          ({ name, icon: Icon }, index) => (
            <li key={index}>
              <Reveal
                delay={stagger(index)}
                className="flex h-full flex-col items-center gap-3 rounded-2xl border border-border bg-surface px-3 py-6 text-center"
              >
                <Icon className="size-7 text-accent" aria-hidden="true" />
                <span className="text-sm font-semibold">{name}</span>
              </Reveal>
            </li>
          ),
        )}
      </ul>
    </div>
  );
}
