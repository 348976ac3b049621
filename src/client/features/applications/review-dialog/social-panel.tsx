import { ExternalLink } from 'lucide-react';
import type { Application } from '../../../../domain/applications.ts';
import { useLanguage } from '../../../app/language-provider.tsx';
import { optionLabel } from '../option-label.ts';
import { Detail, Details } from './details.tsx';
import { numberFormat } from '../../../../domain/intl.ts';

/** Only web addresses become links; a handle ("@ana") or anything else is shown as text. */
function webAddress(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export function SocialPanel({ application }: { application: Application }) {
  const { t, language } = useLanguage();
  const followers = numberFormat(language);
  return (
    <ul className="grid gap-3">
      {application.socialAccounts.map((account, index) => {
        const href = account.url ? webAddress(account.url) : undefined;
        return (
          <li key={index} className="rounded-lg border border-border p-4">
            <Details>
              <Detail label={t('apply.social.platform')}>
                {optionLabel(t, 'platform', account.network)}
              </Detail>
              <Detail label={t('apply.social.handle')}>{account.handle}</Detail>
              <Detail label={t('apply.social.followers')}>
                {followers.format(account.followers)}
              </Detail>
              <Detail label={t('applications.field.profile')}>
                {href ? (
                  <a
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-1 underline underline-offset-2"
                  >
                    <span className="break-all">{account.url}</span>
                    <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
                  </a>
                ) : (
                  (account.url ?? t('applications.notProvided'))
                )}
              </Detail>
            </Details>
          </li>
        );
      })}
    </ul>
  );
}
