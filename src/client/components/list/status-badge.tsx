import type { ReactNode } from 'react';
import type { ApplicationStatus } from '../../../domain/applications.ts';
import type { CompensationStatus } from '../../../domain/compensation.ts';
import type { TaskStatus } from '../../../domain/tasks.ts';
import { cn } from '../../lib/cn.ts';

const tones = {
  yellow: 'border-yellow-400/40 bg-yellow-400/15 text-yellow-200',
  blue: 'border-blue-400/40 bg-blue-400/15 text-blue-200',
  green: 'border-green-400/40 bg-green-400/15 text-green-200',
  red: 'border-red-400/40 bg-red-400/15 text-red-200',
  purple: 'border-purple-400/40 bg-purple-400/15 text-purple-200',
  gray: 'border-border bg-background text-muted-foreground',
} as const;
export type StatusTone = keyof typeof tones;

/** A tone's colours, for a control that shows a status without being a badge (a status select). */
export function statusToneClasses(tone: StatusTone): string {
  return tones[tone];
}

/** Each status's colour (docs/product.md, sections 6 and 8): every screen shows a status alike. */
export const applicationStatusTone: Record<ApplicationStatus, StatusTone> = {
  pending: 'yellow',
  under_review: 'blue',
  approved: 'green',
  rejected: 'red',
};

export const taskStatusTone: Record<TaskStatus, StatusTone> = {
  new: 'blue',
  in_progress: 'yellow',
  submitted: 'purple',
  completed: 'green',
};

export const compensationStatusTone: Record<CompensationStatus, StatusTone> = {
  draft: 'gray',
  published: 'green',
};

/** A status in words, coloured by its tone: `<StatusBadge tone={taskStatusTone[s]}>…</StatusBadge>`. */
export function StatusBadge({
  tone,
  children,
  className,
}: {
  tone: StatusTone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
