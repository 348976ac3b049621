import { Copy } from 'lucide-react';
import { useRef, useState } from 'react';
import type { InvitationDelivery } from '../../../../domain/applications.ts';
import { useLanguage } from '../../../app/language-provider.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';

/** An approval's invitation that reached no mail server, and its link to pass on. */
export interface PendingInvitation {
  delivery: Exclude<InvitationDelivery, 'sent'>;
  url: string;
}

/**
 * Without a mail server the invitation waits in the server's outbox; when the mail server refused
 * it, it went nowhere. Either way the approval answers with the link, for the administrator to
 * pass on, and this says which of the two happened. It is shown once, here.
 */
export function InvitationLink({
  invitation: { delivery, url },
  name,
}: {
  invitation: PendingInvitation;
  name: string;
}) {
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
    <section
      className={cn(
        'grid gap-3 rounded-lg border p-4 text-sm',
        delivery === 'failed'
          ? 'border-destructive bg-destructive/15'
          : 'border-accent/50 bg-accent/10',
      )}
    >
      <h3 className="font-semibold">{t(`applications.invitation.${delivery}.title`)}</h3>
      <p className="text-muted-foreground">
        {t(`applications.invitation.${delivery}.text`, { name })}
      </p>
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
