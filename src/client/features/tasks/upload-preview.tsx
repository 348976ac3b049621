import { FileImage } from 'lucide-react';
import { useState } from 'react';
import { isVideo, type TaskUpload } from '../../../domain/tasks.ts';
import { useLanguage } from '../../app/language-provider.tsx';

/** The stand-in for a file with no picture to show: a photo too large or unreadable for one. */
function NoPreview() {
  const { t } = useLanguage();
  return (
    <div className="flex aspect-video w-full flex-col items-center justify-center gap-2 bg-background p-2 text-center text-sm text-muted-foreground">
      <FileImage className="size-8" aria-hidden="true" />
      {t('tasks.files.noPreview')}
    </div>
  );
}

/**
 * A task file in a gallery: a video plays and seeks in place (its address answers ranges), an
 * image shows its small server-made thumbnail, and a file without one shows an icon, never a
 * broken image. `onOpen` makes the thumbnail a button that opens the full size; without it, the
 * thumbnail links to the full size (for a HEIC photo, the JPEG the server made of it).
 * `isFirst` for the gallery's first file: often the largest thing on the screen, its thumbnail is
 * asked for as soon as it is drawn (the others once they are about to scroll into view), and the
 * server has it asked for with the page (`firstPictureOf`).
 */
export function UploadPreview({
  upload,
  onOpen,
  isFirst = false,
}: {
  upload: TaskUpload;
  onOpen?: () => void;
  isFirst?: boolean;
}) {
  const { t } = useLanguage();
  const [isBroken, setBroken] = useState(false);
  if (isVideo(upload)) {
    return (
      // A creator's own footage under review comes without a caption file to offer.
      // eslint-disable-next-line jsx-a11y/media-has-caption
      <video
        controls
        preload="metadata"
        playsInline
        src={upload.fileUrl}
        className="aspect-video w-full bg-black"
        aria-label={upload.fileName}
      />
    );
  }
  if (!upload.thumbnailUrl || isBroken) return <NoPreview />;
  const image = (
    <img
      src={upload.thumbnailUrl}
      alt={onOpen ? '' : upload.fileName}
      loading={isFirst ? 'eager' : 'lazy'}
      fetchPriority={isFirst ? 'high' : 'auto'}
      onError={() => setBroken(true)}
      className="aspect-video w-full bg-background object-cover"
    />
  );
  if (onOpen) {
    return (
      <button
        type="button"
        onClick={onOpen}
        aria-label={t('tasks.gallery.viewFull', { name: upload.fileName })}
        className="block w-full cursor-zoom-in focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
      >
        {image}
      </button>
    );
  }
  return (
    <a href={upload.viewUrl ?? upload.fileUrl} target="_blank" rel="noreferrer" className="block">
      {image}
    </a>
  );
}
