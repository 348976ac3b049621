import { Copy } from 'lucide-react';
import { useRef, useState } from 'react';
import { useLanguage } from '../../../app/language-provider.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';

/**
 * Without a mail server (or when sending failed) the approval answers with the invitation link, for
 * the administrator to pass on; it is shown once, here.
 */
export function InvitationLink({ url, name }: { url: string; name: string }) {
  const { t } = useLanguage();
  const [isCopied, setCopied] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // No clipboard access (an insecure origin, a refused permission): select it for Ctrl+C.
      input.current?.select();
    }
  }

  return (
    <section className="grid gap-3 rounded-lg border border-accent/50 bg-accent/10 p-4 text-sm">
      <h3 className="font-semibold">{t('applications.invitation.title')}</h3>
      <p className="text-muted-foreground">{t('applications.invitation.text', { name })}</p>
      <Field label={t('applications.invitation.label')}>
        {(control) => (
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              {...control}
              ref={input}
              value={url}
              readOnly
              onFocus={(event) => event.target.select()}
            />
            <Button variant="outline" onClick={() => void copy()}>
              <Copy aria-hidden="true" />
              {t('applications.invitation.copy')}
            </Button>
          </div>
        )}
      </Field>
      <p role="status" className="text-green-300">
        {isCopied ? t('applications.invitation.copied') : ''}
      </p>
    </section>
  );
}
