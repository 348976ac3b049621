import { BadgeCheck, Clock, Crown, UserRound, type LucideIcon } from 'lucide-react';
import type { MouseEvent } from 'react';
import { marketingFigures } from '../../../../domain/marketing.ts';
import { useLanguage } from '../../../app/language-provider.tsx';
import { PublicApplyLink } from '../../../components/layout/public-apply-link.tsx';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { Reveal, stagger } from '../reveal.tsx';
import { SectionHeading } from '../section-heading.tsx';
import { StatsPanel } from '../stats-panel.tsx';
import { useSite } from '../../../app/site-provider.tsx';

export const portfolioSectionId = 'portfolio';

const features: { key: string; icon: LucideIcon }[] = [
  { key: 'manager', icon: UserRound },
  { key: 'invitation', icon: Crown },
  { key: 'software', icon: BadgeCheck },
  { key: 'review', icon: Clock },
];

/** Glides to the software section; works as a plain in-page link without JavaScript. */
function scrollToPortfolio(event: MouseEvent<HTMLAnchorElement>) {
  const target = document.getElementById(portfolioSectionId);
  if (!target) return;
  event.preventDefault();
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  // Keyboard and screen-reader users continue from the section they asked for.
  target.focus({ preventScroll: true });
}

export function AboutSection() {
  const { t } = useLanguage();
  const { city } = useSite();
  return (
    <section aria-labelledby="about-title" className="border-y border-border bg-surface/40">
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-20 sm:py-28 lg:grid-cols-[1.2fr_1fr]">
        <div>
          <SectionHeading
            id="about-title"
            eyebrow={t('about.home.eyebrow')}
            title={t('about.home.title')}
            text={t('about.home.text1', { city })}
          />
          <p className="mt-4 max-w-3xl text-lg text-muted-foreground">{t('about.home.text2')}</p>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2">
            {features.map(({ key, icon: Icon }, index) => (
              <li key={key}>
                <Reveal delay={stagger(index)} className="flex gap-4">
                  <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-accent/15 text-accent">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <div>
                    <h3 className="font-bold">{t(`about.feature.${key}.title`)}</h3>
                    <p className="mt-1 text-sm text-muted-foreground">
                      {t(`about.feature.${key}.text`)}
                    </p>
                  </div>
                </Reveal>
              </li>
            ))}
          </ul>
        </div>
        <div className="grid content-center gap-8">
          <Reveal>
            <StatsPanel
              label={t('about.stats.label')}
              stats={[
                { value: marketingFigures.creators, label: t('about.stats.creators') },
                { value: marketingFigures.reach, label: t('about.stats.reach') },
                { value: marketingFigures.revenue, label: t('about.stats.revenue') },
                { value: marketingFigures.support, label: t('about.stats.support') },
              ]}
            />
          </Reveal>
          <div className="flex flex-wrap gap-3">
            <a
              href={`#${portfolioSectionId}`}
              onClick={scrollToPortfolio}
              className={buttonVariants({ size: 'lg', variant: 'outline' })}
            >
              {t('about.discoverMore')}
            </a>
            <PublicApplyLink size="lg">{t('about.getStarted')}</PublicApplyLink>
          </div>
        </div>
      </div>
    </section>
  );
}
