import { X } from 'lucide-react';
import { useLanguage } from '../../app/language-provider.tsx';
import { formatFileSize } from '../../lib/format.ts';

/** The files chosen and not sent yet, each with its size, its progress while sending, and a way out. */
export function SelectedFiles({
  files,
  fileProgress,
  onRemove,
}: {
  files: readonly File[];
  /** Each file's share sent while sending; null before. */
  fileProgress: readonly number[] | null;
  /** Absent while sending: nothing leaves the list then. */
  onRemove?: (index: number) => void;
}) {
  const { t } = useLanguage();
  return (
    <ul className="grid gap-2">
      {files.map((file, index) => (
        <li
          key={`${file.name}-${index}`}
          className="flex items-center gap-3 rounded-md border border-border bg-background px-3 py-2 text-sm"
        >
          <span className="min-w-0 flex-1">
            <span className="block truncate">{file.name}</span>
            <span className="text-xs text-muted-foreground">
              {formatFileSize(file.size)}
              {fileProgress !== null && ` · ${fileProgress[index] ?? 0}%`}
            </span>
          </span>
          {onRemove && (
            <button
              type="button"
              onClick={() => onRemove(index)}
              className="rounded-md p-1 text-muted-foreground hover:bg-surface hover:text-foreground"
              aria-label={t('tasks.upload.remove', { name: file.name })}
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
