import { Menu, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useMatch } from 'react-router';
import { useLanguage } from '../../app/language-provider.tsx';
import { useSite } from '../../app/site-provider.tsx';
import { LanguageSelect } from './language-select.tsx';
import { PublicApplyLink } from './public-apply-link.tsx';
import { PublicLogo } from './public-logo.tsx';
import { paths } from '../../../domain/routes.ts';

/** The four destinations of the navigation, shared by the bar and the mobile menu. */
function NavLinks({
  linkClassName,
  onNavigate,
}: {
  linkClassName: string;
  onNavigate?: () => void;
}) {
  const { t } = useLanguage();
  const { fanSiteUrl } = useSite();
  return (
    <>
      {fanSiteUrl && (
        <li>
          <a href={fanSiteUrl} className={linkClassName} onClick={onNavigate}>
            {t('nav.forFans')}
          </a>
        </li>
      )}
      <li>
        <Link to={paths.services} className={linkClassName} onClick={onNavigate}>
          {t('nav.forInfluencers')}
        </Link>
      </li>
      <li>
        <Link to={paths.about} className={linkClassName} onClick={onNavigate}>
          {t('nav.about')}
        </Link>
      </li>
    </>
  );
}

export function PublicHeader() {
  const { t } = useLanguage();
  const [isMenuOpen, setMenuOpen] = useState(false);
  // The application form is in this frame too; there, an 'Apply Now' button would lead nowhere.
  const isApplying = useMatch(paths.apply) !== null;
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const closeMenu = () => setMenuOpen(false);

  useEffect(() => {
    if (!isMenuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isMenuOpen]);

  return (
    <header className="fixed inset-x-0 top-0 z-50 border-b border-border/60 bg-background/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <PublicLogo onClick={closeMenu} />

        <nav aria-label={t('nav.label')} className="hidden items-center gap-6 md:flex">
          <ul className="flex items-center gap-6">
            <NavLinks linkClassName="rounded-sm text-sm font-semibold text-muted-foreground transition-colors hover:text-foreground" />
          </ul>
          <LanguageSelect />
          {!isApplying && <PublicApplyLink size="sm">{t('nav.applyNow')}</PublicApplyLink>}
        </nav>

        <button
          ref={toggleRef}
          type="button"
          // Without JavaScript the menu cannot open: no dead button then (the footer has every link).
          className="inline-flex size-10 items-center justify-center rounded-md noscript:hidden hover:bg-surface md:hidden"
          aria-expanded={isMenuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {isMenuOpen ? (
            <X className="size-6" aria-hidden="true" />
          ) : (
            <Menu className="size-6" aria-hidden="true" />
          )}
          <span className="sr-only">{t('nav.menu')}</span>
        </button>
      </div>

      <div
        id={menuId}
        hidden={!isMenuOpen}
        className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-border bg-background md:hidden"
      >
        <nav aria-label={t('nav.label')} className="mx-auto grid max-w-6xl gap-4 px-4 py-4">
          <ul className="grid">
            <NavLinks
              onNavigate={closeMenu}
              linkClassName="block rounded-md px-2 py-3 text-lg font-semibold hover:bg-surface"
            />
          </ul>
          <LanguageSelect />
          {!isApplying && (
            <PublicApplyLink size="lg" onClick={closeMenu}>
              {t('nav.applyNow')}
            </PublicApplyLink>
          )}
        </nav>
      </div>
    </header>
  );
}
