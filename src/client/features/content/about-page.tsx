import {
  BadgeCheck,
  CalendarRange,
  ChartLine,
  CircleDollarSign,
  LayoutDashboard,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { marketingFigures } from '../../../domain/marketing.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { buttonVariants } from '../../components/ui/button.tsx';
import { useSite } from '../../app/site-provider.tsx';
import { ClosingCallToAction } from './closing-call-to-action.tsx';
import { Reveal, stagger } from './reveal.tsx';
import { SectionHeading } from './section-heading.tsx';
import { StatsPanel } from './stats-panel.tsx';
import { paths } from '../../../domain/routes.ts';

const modelItems: { key: string; icon: LucideIcon }[] = [
  { key: 'item1', icon: CalendarRange },
  { key: 'item2', icon: CircleDollarSign },
  { key: 'item3', icon: ChartLine },
  { key: 'item4', icon: LayoutDashboard },
];

const categories = [1, 2, 3, 4];
const foundationPoints = [1, 2, 3];

export function AboutPage() {
  const { t } = useLanguage();
  return (
    <main id="main" tabIndex={-1}>
      <AboutHero />
      <Foundation />
      <Model />
      <Exclusivity />
      <ClosingCallToAction
        title={t('about.cta.title')}
        text={t('about.cta.text')}
        applyLabel={t('about.cta.apply')}
      >
        <Link to={paths.services} className={buttonVariants({ size: 'lg', variant: 'outline' })}>
          {t('about.cta.ourServices')}
        </Link>
      </ClosingCallToAction>
    </main>
  );
}

function AboutHero() {
  const { t } = useLanguage();
  const { city } = useSite();
  return (
    <section aria-labelledby="about-page-title" className="relative isolate overflow-hidden">
      <div className="mx-auto grid max-w-6xl grid-cols-1 items-center gap-12 px-4 py-20 sm:py-28 lg:grid-cols-[1.3fr_1fr]">
        <SectionHeading
          id="about-page-title"
          level={1}
          eyebrow={t('about.hero.eyebrow')}
          title={t('about.hero.title')}
          text={t('about.hero.text', { city })}
        />
        <div aria-hidden="true" className="grid grid-cols-2 gap-4">
          <img
            src="/images/portrait-3.svg"
            alt=""
            width={600}
            height={800}
            decoding="async"
            className="h-auto w-full rounded-2xl"
          />
          <img
            src="/images/portrait-2.svg"
            alt=""
            width={600}
            height={800}
            decoding="async"
            className="mt-10 h-auto w-full rounded-2xl"
          />
        </div>
      </div>
    </section>
  );
}

/** Who the agency is, and the points it stands on. */
function Foundation() {
  const { t } = useLanguage();
  const { agencyName, city } = useSite();
  return (
    <section aria-labelledby="foundation-title" className="border-t border-border bg-surface/40">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-20 sm:py-24 lg:grid-cols-[1.3fr_1fr]">
        <Reveal>
          <h2
            id="foundation-title"
            className="text-3xl font-black tracking-tight uppercase sm:text-5xl"
          >
            {t('about.foundation.title')}
          </h2>
          <p className="mt-6 text-lg text-muted-foreground">
            {t('about.foundation.text1', { agencyName, city })}
          </p>
          <p className="mt-4 text-lg text-muted-foreground">{t('about.foundation.text2')}</p>
        </Reveal>
        <ul className="grid content-center gap-4">
          {foundationPoints.map((point, index) => (
            <li key={point}>
              <Reveal
                delay={stagger(index)}
                className="flex items-center gap-4 rounded-2xl border border-border bg-background/60 p-5"
              >
                <BadgeCheck className="size-6 shrink-0 text-accent" aria-hidden="true" />
                <span className="font-semibold">
                  {t(`about.foundation.point${point}`, { city })}
                </span>
              </Reveal>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** How the agency works with its creators. */
function Model() {
  const { t } = useLanguage();
  return (
    <section aria-labelledby="model-title" className="mx-auto max-w-6xl px-4 py-20 sm:py-24">
      <h2 id="model-title" className="text-3xl font-black tracking-tight uppercase sm:text-5xl">
        {t('about.model.title')}
      </h2>
      <p className="mt-6 max-w-3xl text-lg text-muted-foreground">{t('about.model.text')}</p>
      <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {modelItems.map(({ key, icon: Icon }, index) => (
          <li key={key}>
            <Reveal
              delay={stagger(index)}
              className="h-full rounded-2xl border border-border bg-surface p-6"
            >
              <Icon className="size-7 text-accent" aria-hidden="true" />
              <h3 className="mt-5 text-lg font-bold">{t(`about.model.${key}.title`)}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{t(`about.model.${key}.text`)}</p>
            </Reveal>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Whom the agency takes on, with its figures beside. */
function Exclusivity() {
  const { t } = useLanguage();
  return (
    <section aria-labelledby="exclusivity-title" className="border-y border-border bg-surface/40">
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-20 sm:py-24 lg:grid-cols-2">
        <div>
          <h2
            id="exclusivity-title"
            className="text-3xl font-black tracking-tight uppercase sm:text-5xl"
          >
            {t('about.exclusivity.title')}
          </h2>
          <p className="mt-6 text-lg text-muted-foreground">{t('about.exclusivity.text')}</p>
          <h3 className="mt-10 text-lg font-bold">{t('about.exclusivity.categoriesTitle')}</h3>
          <ul className="mt-4 flex flex-wrap gap-2">
            {categories.map((category) => (
              <li
                key={category}
                className="rounded-full border border-accent/40 bg-accent/10 px-4 py-2 text-sm font-semibold text-accent"
              >
                {t(`about.exclusivity.category${category}`)}
              </li>
            ))}
          </ul>
        </div>
        <Reveal className="content-center">
          <StatsPanel
            label={t('contact.stats.label')}
            stats={[
              { value: marketingFigures.acceptanceRate, label: t('contact.stats.acceptance') },
              { value: marketingFigures.members, label: t('contact.stats.members') },
              { value: marketingFigures.globalReach, label: t('contact.stats.reach') },
              { value: marketingFigures.reviewHours, label: t('contact.stats.review') },
            ]}
          />
        </Reveal>
      </div>
    </section>
  );
}
