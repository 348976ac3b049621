import { CircleCheck, Info } from 'lucide-react';
import { Link } from 'react-router';
import { useLanguage } from '../../app/language-provider.tsx';
import { buttonVariants } from '../../components/ui/button.tsx';
import { paths } from '../../../domain/routes.ts';

const steps = ['thankYou.step1', 'thankYou.step2', 'thankYou.step3'];

export function ThankYouPage() {
  const { t } = useLanguage();
  return (
    <main id="main" tabIndex={-1} className="mx-auto w-full max-w-2xl px-4 py-16 sm:py-24">
      <div className="rounded-3xl border border-border bg-surface p-6 sm:p-10">
        <CircleCheck className="size-12 text-accent" aria-hidden="true" />
        <h1 className="mt-6 text-3xl font-black tracking-tight text-balance sm:text-4xl">
          {t('thankYou.title')}
        </h1>
        <p className="mt-4 text-lg text-muted-foreground">{t('thankYou.text')}</p>

        <h2 className="mt-10 text-lg font-bold">{t('thankYou.nextTitle')}</h2>
        <ol className="mt-4 grid gap-4">
          {steps.map((key, index) => (
            <li key={key} className="flex gap-4">
              <span
                aria-hidden="true"
                className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent text-sm font-bold text-accent-foreground"
              >
                {index + 1}
              </span>
              <span className="pt-1">{t(key)}</span>
            </li>
          ))}
        </ol>

        <p className="mt-10 flex gap-3 rounded-2xl border border-border bg-background/60 p-4 text-sm text-muted-foreground">
          <Info className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
          <span>{t('thankYou.note')}</span>
        </p>

        <Link to={paths.home} className={buttonVariants({ size: 'lg', className: 'mt-10' })}>
          {t('thankYou.returnHome')}
        </Link>
      </div>
    </main>
  );
}
