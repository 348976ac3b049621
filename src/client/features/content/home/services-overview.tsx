import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { services } from '../../../../domain/marketing.ts';
import { useLanguage } from '../../../app/language-provider.tsx';
import { Reveal, stagger } from '../reveal.tsx';
import { SectionHeading } from '../section-heading.tsx';
import { serviceIcons } from '../service-icons.ts';

export function ServicesOverview() {
  const { t } = useLanguage();
  return (
    <section aria-labelledby="services-title" className="mx-auto max-w-6xl px-4 py-20 sm:py-28">
      <SectionHeading
        id="services-title"
        eyebrow={t('services.overview.eyebrow')}
        title={t('services.overview.title')}
        text={t('services.overview.text')}
      />
      <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {services.map((service, index) => {
          const Icon = serviceIcons[service.key];
          return (
            <li key={service.id}>
              <Reveal delay={stagger(index)} className="h-full">
                {/* The whole card is one link, named by its title. */}
                <article className="group relative flex h-full flex-col rounded-2xl border border-border bg-surface p-6 transition-colors hover:border-accent">
                  <Icon className="size-8 text-accent" aria-hidden="true" />
                  <h3 className="mt-6 text-lg font-bold">
                    <Link
                      to={{ pathname: '/services', hash: service.id }}
                      className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-accent"
                    >
                      {t(`services.${service.key}.title`)}
                    </Link>
                  </h3>
                  <p className="mt-2 flex-1 text-sm text-muted-foreground">
                    {t(`services.${service.key}.subtitle`)}
                  </p>
                  <p
                    aria-hidden="true"
                    className="mt-6 flex items-center gap-2 text-sm font-semibold text-accent"
                  >
                    {t('services.learnMore')}
                    <ArrowRight className="size-4 transition-transform group-hover:translate-x-1" />
                  </p>
                </article>
              </Reveal>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
