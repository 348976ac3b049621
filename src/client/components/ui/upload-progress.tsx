import type { ReactNode } from 'react';

/**
 * How much of an upload has gone out, as a bar a screen reader reads (`role=progressbar`, its
 * value in per cent). The one progress of an upload on every screen that sends a file: a task's
 * files, the application's ID document.
 */
export function UploadProgress({
  progress,
  label,
  name,
}: {
  /** The share sent, 0 to 100. */
  progress: number;
  /** What is happening, shown above the bar ('Uploading...'). */
  label: ReactNode;
  /** The bar's accessible name ('Upload progress'). */
  name: string;
}) {
  return (
    <div className="grid gap-1.5">
      <div className="flex justify-between gap-3 text-sm">
        <span>{label}</span>
        <span aria-hidden="true">{progress}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={name}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        aria-valuetext={`${progress}%`}
        className="h-2 overflow-hidden rounded-full bg-background"
      >
        <div
          className="h-full rounded-full bg-accent transition-[width]"
          style={{ width: `${progress}%` }}
        />
      </div>
    </div>
  );
}
