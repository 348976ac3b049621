import type { VariantProps } from 'class-variance-authority';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { applyDestination } from '../../../domain/site.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { useSite } from '../../app/site-provider.tsx';
import { buttonVariants } from '../ui/button.tsx';

interface PublicApplyLinkProps extends VariantProps<typeof buttonVariants> {
  children: ReactNode;
  className?: string;
  onClick?: () => void;
}

/**
 * Every apply and get-started button: the outside sign-up page in a new tab when one is
 * configured, otherwise our own application form.
 */
export function PublicApplyLink({
  children,
  className,
  variant,
  size,
  onClick,
}: PublicApplyLinkProps) {
  const { t } = useLanguage();
  const { href, isExternal } = applyDestination(useSite());
  const classes = buttonVariants({ variant, size, className });
  if (!isExternal) {
    return (
      <Link to={href} className={classes} onClick={onClick}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} target="_blank" rel="noopener" className={classes} onClick={onClick}>
      {children}
      <span className="sr-only"> {t('nav.newTab')}</span>
    </a>
  );
}
