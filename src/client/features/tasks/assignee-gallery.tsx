import { Download } from 'lucide-react';
import { useState } from 'react';
import type { TaskUpload } from '../../../domain/tasks.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { buttonVariants } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { cn } from '../../lib/cn.ts';
import { formatDateTime, formatFileSize } from '../../lib/format.ts';
import { UploadPreview } from './upload-preview.tsx';

/** Saves one file under its own name: same-origin, so the browser honours `download`. */
function DownloadLink({ upload, className }: { upload: TaskUpload; className?: string }) {
  const { t } = useLanguage();
  return (
    <a
      href={upload.fileUrl}
      download={upload.fileName}
      aria-label={t('tasks.gallery.downloadNamed', { name: upload.fileName })}
      className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), className)}
    >
      <Download aria-hidden="true" />
    </a>
  );
}

/**
 * One creator's files for review: thumbnails that open full size in a lightbox (the product's
 * modal `Dialog` at full screen: the page behind it inert and hidden, focus kept inside, Escape
 * and the close button return it to the thumbnail), videos that play and seek in place, each
 * downloadable on its own.
 */
export function AssigneeGallery({ uploads }: { uploads: TaskUpload[] }) {
  const { t, language } = useLanguage();
  const [open, setOpen] = useState<TaskUpload | null>(null);
  if (uploads.length === 0) {
    return <p className="text-sm text-muted-foreground">{t('tasks.gallery.empty')}</p>;
  }
  return (
    <>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {uploads.map((upload, index) => (
          <li key={upload.id}>
            <figure className="overflow-hidden rounded-md border border-border bg-background">
              <UploadPreview upload={upload} onOpen={() => setOpen(upload)} isFirst={index === 0} />
              <figcaption className="flex items-center gap-2 p-2 text-sm">
                <span className="min-w-0 flex-1">
                  <span className="block truncate" title={upload.fileName}>
                    {upload.fileName}
                  </span>
                  <span className="text-xs text-muted-foreground">
                    {formatFileSize(upload.fileSize)} ·{' '}
                    <time dateTime={upload.uploadedAt}>
                      {formatDateTime(upload.uploadedAt, language)}
                    </time>
                  </span>
                </span>
                <DownloadLink upload={upload} />
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <Dialog
        open={open !== null}
        onOpenChange={(isOpen) => !isOpen && setOpen(null)}
        title={open?.fileName}
        size="full"
      >
        {open && (
          <>
            <DownloadLink upload={open} className="self-start" />
            <img
              src={open.viewUrl ?? open.fileUrl}
              alt={open.fileName}
              className="m-auto min-h-0 max-w-full flex-1 object-contain"
            />
          </>
        )}
      </Dialog>
    </>
  );
}
