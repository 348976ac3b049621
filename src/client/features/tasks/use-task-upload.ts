import { useRef, useState } from 'react';
import { looksLikeKind } from '../../../domain/files.ts';
import { taskFileKinds, type ContentType, type MyTaskDetail } from '../../../domain/tasks.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { toastFailure } from '../../components/ui/toast-failure.ts';
import { dismissToastsAbout, toast } from '../../components/ui/use-toast.ts';
import { ApiError } from '../../lib/api-fetch.ts';
import { translateMessage } from '../../lib/messages.ts';
import { useUploadTaskFiles } from './api/upload-task-files.ts';
import { overallProgress, selectionProblem, type SelectionProblem } from './upload-selection.ts';

const wrongKindCode: Record<ContentType, string> = {
  photo: 'task.photo_only',
  video: 'task.video_only',
  both: 'task.photo_or_video',
};

/** The upload card's toasts about a choice of files, each gone once a later choice is right. */
const selectionToast = { kind: 'task-upload.kind', count: 'task-upload.count' } as const;

type Translate = ReturnType<typeof useLanguage>['t'];

/** Says why a choice of files cannot go: too many for the task, or for what it holds already. */
function explain(t: Translate, problem: SelectionProblem) {
  toast({
    variant: 'destructive',
    about: selectionToast.count,
    title: t(problem.kind === 'too_many' ? 'tasks.upload.tooMany' : 'tasks.upload.limitExceeded'),
    description:
      problem.kind === 'too_many'
        ? t('tasks.upload.tooManyDescription', { count: problem.max })
        : t('tasks.upload.limitExceededDescription', {
            count: problem.current,
            max: problem.max,
          }),
  });
}

/** The chosen files that look like what the task takes; says so when some do not. */
function keepFitting(t: Translate, files: File[], contentType: ContentType): File[] {
  const fitting = files.filter((file) => looksLikeKind(file, taskFileKinds[contentType]));
  // A choice that puts a problem right takes its toast away.
  if (fitting.length === files.length) dismissToastsAbout(selectionToast.kind);
  else {
    toast({
      variant: 'destructive',
      about: selectionToast.kind,
      title: t('tasks.upload.wrongKind'),
      description: translateMessage(t, wrongKindCode[contentType]),
    });
  }
  return fitting;
}

/** Says how a send ended when it did not succeed: cancelled, refused, or the network gone. */
function explainFailure(t: Translate, error: Error) {
  if (error instanceof DOMException && error.name === 'AbortError') {
    toast({ title: t('tasks.upload.cancelled') });
    return;
  }
  // apiUpload rejects a lost connection with a plain Error; the server's refusals are ApiErrors.
  const isNetwork = !(error instanceof ApiError);
  toastFailure(t, error, {
    title: t('common.error'),
    fallback: t(isNetwork ? 'tasks.upload.networkFailure' : 'tasks.upload.failure'),
  });
}

/**
 * The files a creator chooses for their task and their sending: each choice checked before
 * anything is sent (kind by name and type, count against the task's limit), then sent with
 * each file's progress and a way to cancel. Files that became the task's before a failure leave
 * the selection.
 */
export function useTaskUpload(task: MyTaskDetail) {
  const { t } = useLanguage();
  const upload = useUploadTaskFiles();
  const abortRef = useRef<AbortController | null>(null);
  const [selected, setSelected] = useState<File[]>([]);
  /** Each selected file's share sent, 0 to 100, while sending. */
  const [fileProgress, setFileProgress] = useState<number[] | null>(null);
  /** The files that became the task's during this send, kept off the list if a later one fails. */
  const storedRef = useRef<readonly File[]>([]);

  const choose = (list: FileList | null) => {
    if (!list || list.length === 0) return;
    const fitting = keepFitting(t, Array.from(list), task.contentType);
    if (fitting.length === 0) return;
    const next = [...selected, ...fitting];
    if (next.length > task.maxFiles) {
      explain(t, { kind: 'too_many', max: task.maxFiles });
      return;
    }
    dismissToastsAbout(selectionToast.count);
    setSelected(next);
  };

  const send = () => {
    if (abortRef.current) return; // a send under way (a double tap's second) keeps its progress
    const problem = selectionProblem(selected.length, task.fileCount, task.maxFiles);
    if (problem) {
      explain(t, problem);
      return;
    }
    const controller = new AbortController();
    abortRef.current = controller;
    setFileProgress(selected.map(() => 0));
    storedRef.current = [];
    upload.mutate(
      {
        id: task.id,
        files: selected,
        onProgress: setFileProgress,
        onStored: (files) => (storedRef.current = [...storedRef.current, ...files]),
        signal: controller.signal,
      },
      {
        onSuccess: () => {
          toast({ title: t('common.success'), description: t('tasks.upload.success') });
          setSelected([]);
        },
        onError: (error) => {
          const stored = storedRef.current;
          setSelected((current) => current.filter((file) => !stored.includes(file)));
          explainFailure(t, error);
        },
        onSettled: () => {
          abortRef.current = null;
          setFileProgress(null);
        },
      },
    );
  };

  return {
    kinds: taskFileKinds[task.contentType],
    selected,
    fileProgress,
    /** The share of all the selected bytes sent, 0 to 100, while sending; null otherwise. */
    progress:
      fileProgress === null
        ? null
        : overallProgress(
            selected.map((file) => file.size),
            fileProgress,
          ),
    isSending: upload.isPending,
    choose,
    send,
    cancel: () => abortRef.current?.abort(),
    remove: (index: number) => setSelected(selected.filter((_, other) => other !== index)),
    clear: () => setSelected([]),
  };
}
