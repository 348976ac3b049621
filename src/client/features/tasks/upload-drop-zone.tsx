import { Upload } from 'lucide-react';
import { useRef, useState, type DragEvent } from 'react';
import { acceptAttribute, type FileKind } from '../../../domain/files.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';

/**
 * Where files are dropped or picked; nothing is taken while a send is under way. Dragging is
 * offered only where the pointer can drag (a mouse or a trackpad): on a phone or a tablet the
 * zone just offers the picker.
 */
export function UploadDropZone({
  kinds,
  onChoose,
  isSending,
  isFull,
  hintId,
}: {
  kinds: readonly FileKind[];
  onChoose: (files: FileList | null) => void;
  isSending: boolean;
  /** No room left under the task's file limit. */
  isFull: boolean;
  /** The hint that tells what the task takes, read with the picker's button. */
  hintId: string;
}) {
  const { t } = useLanguage();
  const inputRef = useRef<HTMLInputElement>(null);
  const [isDragging, setDragging] = useState(false);
  const canDrag = useMediaQuery('(pointer: fine)');

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!isSending) onChoose(event.dataTransfer.files);
  };

  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        if (!isSending) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={cn(
        'grid justify-items-center gap-3 rounded-lg border-2 border-dashed border-border px-4 py-8 text-center transition-colors',
        isDragging && 'border-accent bg-accent/10',
      )}
    >
      <Upload className="size-8 text-muted-foreground" aria-hidden="true" />
      {canDrag && <p className="text-sm text-muted-foreground">{t('tasks.upload.dropHere')}</p>}
      <input
        ref={inputRef}
        type="file"
        multiple
        accept={acceptAttribute(kinds)}
        className="hidden"
        tabIndex={-1}
        onChange={(event) => {
          onChoose(event.target.files);
          // The same file chosen again after removing it must still fire a change.
          event.target.value = '';
        }}
      />
      <Button
        variant="outline"
        onClick={() => inputRef.current?.click()}
        disabled={isSending || isFull}
        aria-describedby={hintId}
      >
        {t('tasks.upload.choose')}
      </Button>
    </div>
  );
}
