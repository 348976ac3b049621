import { Link } from 'react-router';
import { paths } from '../../../../domain/routes.ts';
import { useLanguage } from '../../../app/language-provider.tsx';

/**
 * The Privacy Policy, in a new tab so the wizard keeps what was typed and the chosen file (which
 * a reload would lose).
 */
export function PrivacyPolicyLink() {
  const { t } = useLanguage();
  return (
    <Link
      to={paths.privacyPolicy}
      target="_blank"
      rel="noopener"
      className="font-medium text-foreground underline underline-offset-4 hover:text-accent"
    >
      {t('page.privacyPolicy')}
      <span className="sr-only"> {t('nav.newTab')}</span>
    </Link>
  );
}
