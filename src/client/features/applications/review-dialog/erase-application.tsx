import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { Application } from '../../../../domain/applications.ts';
import { useLanguage } from '../../../app/language-provider.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogFooter } from '../../../components/ui/dialog.tsx';
import { toastFailure } from '../../../components/ui/toast-failure.ts';
import { toast } from '../../../components/ui/use-toast.ts';
import { useEraseApplication } from '../api/erase-application.ts';

export function EraseApplication({
  application,
  onErased,
}: {
  application: Application;
  onErased: () => void;
}) {
  const { t } = useLanguage();
  const erase = useEraseApplication();
  const [isConfirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string>();
  const name = `${application.firstName} ${application.lastName}`;

  return (
    <>
      <Button
        variant="ghost"
        className="text-red-300 sm:mr-auto"
        onClick={() => setConfirming(true)}
      >
        <Trash2 aria-hidden="true" />
        {t('applications.erase.open')}
      </Button>
      <Dialog
        open={isConfirming}
        onOpenChange={(open) => {
          setConfirming(open);
          setFailure(undefined);
        }}
        title={t('applications.erase.title')}
        description={t('applications.erase.confirm', { name })}
      >
        {failure !== undefined && (
          <p
            role="alert"
            className="rounded-lg border border-destructive bg-destructive/15 p-3 text-sm"
          >
            {failure}
          </p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => setConfirming(false)}>
            {t('applications.cancel')}
          </Button>
          <Button
            variant="destructive"
            isPending={erase.isPending}
            pendingLabel={t('applications.erase.erasing')}
            onClick={() =>
              erase.mutate(application.id, {
                onSuccess: () => {
                  setConfirming(false);
                  onErased();
                  toast({
                    title: t('applications.erase.successTitle'),
                    description: t('applications.erase.success', { name }),
                  });
                },
                onError: (error) =>
                  setFailure(
                    toastFailure(t, error, {
                      title: t('applications.erase.failureTitle'),
                      fallback: t('applications.erase.failure'),
                    }),
                  ),
              })
            }
          >
            {t('applications.erase.submit')}
          </Button>
        </DialogFooter>
      </Dialog>
    </>
  );
}
