import { ArrowRight, Check } from 'lucide-react';
import { marketingFigures } from '../../../../domain/marketing.ts';
import { useLanguage } from '../../../app/language-provider.tsx';
import { PublicApplyLink } from '../../../components/layout/public-apply-link.tsx';
import { useSite } from '../../../app/site-provider.tsx';
import { Reveal, stagger } from '../reveal.tsx';
import { SectionHeading } from '../section-heading.tsx';
import { StatsPanel } from '../stats-panel.tsx';

const benefits = ['contact.benefit1', 'contact.benefit2', 'contact.benefit3', 'contact.benefit4'];
const stories = ['contact.story1', 'contact.story2', 'contact.story3'];
const emailSlot = '\u0000';

/** The contact section: why join, members' results, and the way in. */
export function JoinSection() {
  const { t } = useLanguage();
  return (
    <section
      id="contact"
      aria-labelledby="contact-title"
      className="mx-auto max-w-6xl scroll-mt-16 px-4 py-20 sm:py-28"
    >
      <div className="grid gap-12 lg:grid-cols-[1.2fr_1fr]">
        <div>
          <SectionHeading
            id="contact-title"
            eyebrow={t('contact.eyebrow')}
            title={t('contact.title')}
            text={t('contact.text')}
          />
          <Benefits />
          <Stories />
        </div>

        <div className="grid content-start gap-6">
          <JoinCard />
          <StatsPanel
            label={t('contact.stats.label')}
            stats={[
              { value: marketingFigures.reviewHours, label: t('contact.stats.review') },
              { value: marketingFigures.acceptanceRate, label: t('contact.stats.acceptance') },
              { value: marketingFigures.members, label: t('contact.stats.members') },
              { value: marketingFigures.globalReach, label: t('contact.stats.reach') },
            ]}
          />
        </div>
      </div>
    </section>
  );
}

/** Why join: what members get. */
function Benefits() {
  const { t } = useLanguage();
  return (
    <>
      <h3 className="mt-10 text-lg font-bold">{t('contact.benefits.title')}</h3>
      <ul className="mt-4 grid gap-3">
        {benefits.map((key) => (
          <li key={key} className="flex gap-3">
            <Check className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
            <span>{t(key)}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Members' results: where they started and where they are now. */
function Stories() {
  const { t } = useLanguage();
  return (
    <>
      <h3 className="mt-12 text-lg font-bold">{t('contact.stories.title')}</h3>
      <ul className="mt-4 grid gap-4 sm:grid-cols-3">
        {stories.map((key, index) => (
          <li key={key}>
            <Reveal
              delay={stagger(index)}
              className="flex h-full flex-col rounded-2xl border border-border bg-surface p-5"
            >
              <p className="font-bold">{t(`${key}.name`)}</p>
              <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
                <div>
                  <dt className="text-xs tracking-wide text-muted-foreground uppercase">
                    {t('contact.stories.before')}
                  </dt>
                  <dd className="mt-1">{t(`${key}.before`)}</dd>
                </div>
                <div>
                  <dt className="text-xs tracking-wide text-muted-foreground uppercase">
                    {t('contact.stories.now')}
                  </dt>
                  <dd className="mt-1 font-bold text-accent">{t(`${key}.now`)}</dd>
                </div>
              </dl>
              <p className="mt-3 flex-1 text-sm text-muted-foreground">{t(`${key}.achievement`)}</p>
            </Reveal>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The way in: apply, or write to the agency. */
function JoinCard() {
  const { t } = useLanguage();
  const { contactEmail } = useSite();
  // The address is a link inside a translated sentence: split the sentence where it goes.
  const [emailBefore, emailAfter] = t('contact.join.email', { email: emailSlot }).split(emailSlot);
  return (
    <Reveal className="rounded-2xl border border-accent/40 bg-linear-to-br from-accent/15 to-surface p-8">
      <h3 className="text-3xl font-black tracking-tight uppercase">{t('contact.join.title')}</h3>
      <p className="mt-4 text-muted-foreground">{t('contact.join.text')}</p>
      <PublicApplyLink size="lg" className="mt-8 w-full">
        {t('contact.join.apply')}
        <ArrowRight aria-hidden="true" />
      </PublicApplyLink>
      <p className="mt-6 text-sm text-muted-foreground">
        {emailBefore}
        <a
          href={`mailto:${contactEmail}`}
          className="rounded-sm font-semibold text-foreground underline underline-offset-4 hover:text-accent"
        >
          {contactEmail}
        </a>
        {emailAfter}
      </p>
    </Reveal>
  );
}
