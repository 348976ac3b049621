import { Fragment } from 'react';
import { Link } from 'react-router';
import { useLanguage } from '../../../app/language-provider.tsx';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { useSite } from '../../../app/site-provider.tsx';
import { paths } from '../../../../domain/routes.ts';

const heroLines = ['hero.line1', 'hero.line2', 'hero.line3', 'hero.line4'] as const;

// Replaceable artwork: docs/imagery.md.
const portraits = [
  '/images/portrait-1.svg',
  '/images/portrait-2.svg',
  '/images/portrait-3.svg',
  '/images/portrait-4.svg',
];

export function HeroSection() {
  const { t } = useLanguage();
  const { fanSiteUrl } = useSite();
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-20 grid grid-cols-2 grid-rows-2 sm:grid-cols-4 sm:grid-rows-1"
      >
        {portraits.map((src) => (
          <img
            key={src}
            src={src}
            alt=""
            width={600}
            height={800}
            decoding="async"
            className="size-full object-cover"
          />
        ))}
      </div>
      {/* Darkest behind the text, so it reads well whatever photos replace the artwork. */}
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-background/75 sm:bg-transparent sm:bg-linear-to-r sm:from-background/95 sm:via-background/75 sm:to-background/30"
      />
      <div
        aria-hidden="true"
        className="absolute inset-x-0 bottom-0 -z-10 h-1/3 bg-linear-to-b from-transparent to-background"
      />
      <div className="mx-auto flex min-h-[calc(100dvh-4rem)] max-w-6xl flex-col justify-center px-4 py-20 sm:py-28">
        <p className="text-xs font-bold tracking-[0.25em] text-accent uppercase sm:text-sm">
          {t('hero.eyebrow')}
        </p>
        <h1
          id="hero-title"
          className="mt-5 text-[clamp(2.75rem,13vw,7.5rem)] leading-[0.9] font-black tracking-tight uppercase"
        >
          {heroLines.map((key, index) => (
            <Fragment key={key}>
              {/* The space keeps the words apart for screen readers and copy-paste. */}
              {index > 0 && ' '}
              <span className={index === heroLines.length - 1 ? 'block text-accent' : 'block'}>
                {t(key)}
              </span>
            </Fragment>
          ))}
        </h1>
        <p className="mt-8 max-w-xl text-lg text-pretty text-foreground/85 sm:text-xl">
          {t('hero.subtitle')}
        </p>
        <div className="mt-10 flex flex-wrap gap-3">
          <Link to={paths.services} className={buttonVariants({ size: 'lg' })}>
            {t('hero.forInfluencers')}
          </Link>
          {fanSiteUrl && (
            <a href={fanSiteUrl} className={buttonVariants({ size: 'lg', variant: 'outline' })}>
              {t('hero.forFans')}
            </a>
          )}
        </div>
      </div>
    </section>
  );
}
