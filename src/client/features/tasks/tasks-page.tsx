import { ArrowRight, CheckCircle2, ClipboardList, Loader, Send } from 'lucide-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../domain/routes.ts';
import { finishedAt, type MyTask, type TaskCounters } from '../../../domain/tasks.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { PageMain } from '../../components/layout/page.tsx';
import { ScreenHeader } from '../../components/layout/screen-header.tsx';
import { buttonVariants } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { PendingFigure } from '../../components/ui/stat-card.tsx';
import { cn } from '../../lib/cn.ts';
import { useMyTasks } from './api/get-my-tasks.ts';
import { TaskList, useTaskListParams } from './task-list.tsx';
import { TaskCardSummary } from './task-parts.tsx';

export function TasksPage() {
  const { t } = useLanguage();
  const { params, setPage, isFiltered } = useTaskListParams();
  const tasks = useMyTasks(params);

  return (
    <PageMain>
      <ScreenHeader page="tasks" />
      <Counters counters={tasks.data?.counters} />
      <TaskList
        query={tasks}
        onPageChange={setPage}
        isFiltered={isFiltered}
        emptyDescription={t('tasks.empty.mine')}
      >
        {(task) => <MyTaskCard task={task} />}
      </TaskList>
    </PageMain>
  );
}

const counterItems: {
  key: keyof TaskCounters;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  tone: string;
}[] = [
  { key: 'total', icon: ClipboardList, tone: 'text-foreground' },
  { key: 'inProgress', icon: Loader, tone: 'text-yellow-300' },
  { key: 'submitted', icon: Send, tone: 'text-purple-300' },
  { key: 'completed', icon: CheckCircle2, tone: 'text-green-400' },
];

/**
 * Total, In Progress, Submitted, Completed over all the creator's tasks; until they arrive, the
 * counters hold their place.
 */
function Counters({ counters }: { counters: TaskCounters | undefined }) {
  const { t } = useLanguage();
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {counterItems.map(({ key, icon: Icon, tone }) => (
        <div key={key} className="grid gap-1 rounded-lg border border-border bg-surface p-4">
          <dt className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
            <span className="truncate">{t(`tasks.counter.${key}`)}</span>
            <Icon className={cn('size-5 shrink-0', tone)} aria-hidden />
          </dt>
          <dd className={cn('text-2xl font-bold', tone)}>
            {counters ? counters[key] : <PendingFigure />}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function MyTaskCard({ task }: { task: MyTask }) {
  const { t } = useLanguage();
  return (
    <Card className="flex h-full flex-col gap-4">
      <TaskCardSummary
        task={task}
        files={t('tasks.filesOfLimit', { done: task.fileCount, count: task.maxFiles })}
        finishedAt={finishedAt(task.status, [task])}
      />
      <Link
        to={paths.taskDetail(task.id)}
        className={cn(buttonVariants({ variant: 'outline' }), 'mt-auto')}
        aria-label={t('tasks.viewNamed', { title: task.title })}
      >
        {t('tasks.view')}
        <ArrowRight aria-hidden="true" />
      </Link>
    </Card>
  );
}
