import { Quote, Star } from 'lucide-react';
import { Link } from 'react-router';
import { useLanguage } from '../../../app/language-provider.tsx';
import { PublicApplyLink } from '../../../components/layout/public-apply-link.tsx';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { Reveal } from '../reveal.tsx';
import { SectionHeading } from '../section-heading.tsx';
import { paths } from '../../../../domain/routes.ts';

export function CallToActionSection() {
  const { t } = useLanguage();
  return (
    <section
      aria-labelledby="cta-title"
      className="relative isolate overflow-hidden border-y border-border"
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_left,oklch(0.82_0.11_85/0.16),transparent_60%),radial-gradient(ellipse_at_bottom_right,oklch(0.6_0.2_350/0.18),transparent_55%)]"
      />
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-20 sm:py-28 lg:grid-cols-[1.3fr_1fr]">
        <div>
          <SectionHeading
            id="cta-title"
            eyebrow={t('cta.eyebrow')}
            title={t('cta.title')}
            text={t('cta.text')}
          />
          <div className="mt-10 flex flex-wrap gap-3">
            <PublicApplyLink size="lg">{t('cta.apply')}</PublicApplyLink>
            <Link
              to={paths.services}
              className={buttonVariants({ size: 'lg', variant: 'outline' })}
            >
              {t('cta.learnMore')}
              {/* "LEARN MORE" alone does not say where the link goes. */}
              <span className="sr-only"> {t('cta.learnMoreDestination')}</span>
            </Link>
          </div>
        </div>
        <Reveal>
          <figure className="relative rounded-2xl border border-border bg-surface p-8">
            <Quote className="absolute top-6 right-6 size-10 text-accent/30" aria-hidden="true" />
            <p
              className="flex gap-1 text-accent"
              role="img"
              aria-label={t('cta.testimonial.rating')}
            >
              {[1, 2, 3, 4, 5].map((star) => (
                <Star key={star} className="size-5 fill-current" aria-hidden="true" />
              ))}
            </p>
            <blockquote className="mt-6 text-xl leading-relaxed font-medium text-pretty">
              <p>“{t('cta.testimonial.quote')}”</p>
            </blockquote>
            <figcaption className="mt-6 flex items-center gap-4">
              <img
                src="/images/portrait-1.svg"
                alt=""
                width={600}
                height={800}
                loading="lazy"
                decoding="async"
                className="size-12 rounded-full object-cover object-top"
              />
              <span>
                <span className="block font-bold">{t('cta.testimonial.name')}</span>
                <span className="block text-sm text-muted-foreground">
                  {t('cta.testimonial.role')}
                </span>
              </span>
            </figcaption>
          </figure>
        </Reveal>
      </div>
    </section>
  );
}
