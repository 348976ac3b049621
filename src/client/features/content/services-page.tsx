import { Check, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { services, type Service } from '../../../domain/marketing.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { buttonVariants } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { ClosingCallToAction } from './closing-call-to-action.tsx';
import { Reveal, stagger } from './reveal.tsx';
import { SectionHeading } from './section-heading.tsx';
import { serviceIcons } from './service-icons.ts';
import { paths } from '../../../domain/routes.ts';

const items = [1, 2, 3, 4];

function ServiceBlock({ service, index }: { service: Service; index: number }) {
  const { t } = useLanguage();
  const Icon = serviceIcons[service.key];
  const text = (name: string) => t(`services.${service.key}.${name}`);
  const lists = [
    { title: t('services.whatsIncluded'), prefix: 'feature', icon: Check },
    { title: t('services.yourBenefits'), prefix: 'benefit', icon: Sparkles },
  ];
  return (
    <section
      id={service.id}
      aria-labelledby={`${service.id}-title`}
      className={cn('scroll-mt-16 border-t border-border', index % 2 === 1 && 'bg-surface/40')}
    >
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:py-24 lg:grid-cols-[1fr_1.1fr]">
        <Reveal>
          <span className="flex size-14 items-center justify-center rounded-2xl bg-accent/15 text-accent">
            <Icon className="size-7" aria-hidden="true" />
          </span>
          <h2
            id={`${service.id}-title`}
            className="mt-6 text-3xl font-black tracking-tight uppercase sm:text-4xl"
          >
            {text('title')}
          </h2>
          <p className="mt-3 text-lg font-semibold text-accent">{text('subtitle')}</p>
          <p className="mt-5 text-muted-foreground">{text('description')}</p>
        </Reveal>
        <div className="grid gap-6 sm:grid-cols-2">
          {lists.map((list, listIndex) => (
            <Reveal
              key={list.prefix}
              delay={stagger(listIndex + 1)}
              className="rounded-2xl border border-border bg-background/60 p-6"
            >
              <h3 className="font-bold tracking-wide uppercase">{list.title}</h3>
              <ul className="mt-4 grid gap-3">
                {items.map((item) => (
                  <li key={item} className="flex gap-3 text-sm">
                    <list.icon className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
                    <span>{text(`${list.prefix}${item}`)}</span>
                  </li>
                ))}
              </ul>
            </Reveal>
          ))}
        </div>
      </div>
    </section>
  );
}

export function ServicesPage() {
  const { t } = useLanguage();
  return (
    <main id="main" tabIndex={-1}>
      <section
        aria-labelledby="services-page-title"
        className="mx-auto max-w-6xl px-4 py-20 sm:py-28"
      >
        <SectionHeading
          id="services-page-title"
          level={1}
          eyebrow={t('services.hero.eyebrow')}
          title={t('services.hero.title')}
          text={t('services.hero.text')}
        />
        <ul className="mt-10 flex flex-wrap gap-2">
          {services.map((service) => (
            <li key={service.id}>
              <Link
                to={{ hash: service.id }}
                className="inline-flex rounded-full border border-border px-4 py-2 text-sm font-semibold text-muted-foreground transition-colors hover:border-accent hover:text-foreground"
              >
                {t(`services.${service.key}.title`)}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      {services.map((service, index) => (
        <ServiceBlock key={service.id} service={service} index={index} />
      ))}
      <ClosingCallToAction
        title={t('services.cta.title')}
        text={t('services.cta.text')}
        applyLabel={t('services.cta.apply')}
      >
        <Link to={paths.about} className={buttonVariants({ size: 'lg', variant: 'outline' })}>
          {t('services.cta.aboutUs')}
        </Link>
      </ClosingCallToAction>
    </main>
  );
}
