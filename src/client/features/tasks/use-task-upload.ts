import { useEffect, useRef, useState } from 'react';
import { formatFileSize, looksLikeKind } from '../../../domain/files.ts';
import {
  taskFileKinds,
  type ContentType,
  type MyTaskDetail,
  type UnfinishedUpload,
} from '../../../domain/tasks.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { toastFailure } from '../../components/ui/toast-failure.ts';
import { dismissToastsAbout, toast } from '../../components/ui/use-toast.ts';
import { ApiError } from '../../lib/api-fetch.ts';
import { translateMessage } from '../../lib/messages.ts';
import { resumableUploadFromBytes, useUploadTaskFiles } from './api/upload-task-files.ts';
import { overallProgress, selectionProblem, type SelectionProblem } from './upload-selection.ts';

const wrongKindCode: Record<ContentType, string> = {
  photo: 'task.photo_only',
  video: 'task.video_only',
  both: 'task.photo_or_video',
};

/** The upload card's toasts about a choice of files, each gone once a later choice is right. */
const selectionToast = { kind: 'task-upload.kind', count: 'task-upload.count' } as const;

type Translate = ReturnType<typeof useLanguage>['t'];

/**
 * Says why a choice of files cannot go: too many for the task, or for what it holds already
 * (its files, and its unfinished uploads when it has some: they hold places too).
 */
function explain(t: Translate, problem: SelectionProblem, unfinished: number) {
  const held = { count: problem.kind === 'too_many' ? 0 : problem.current, max: problem.max };
  toast({
    variant: 'destructive',
    about: selectionToast.count,
    title: t(problem.kind === 'too_many' ? 'tasks.upload.tooMany' : 'tasks.upload.limitExceeded'),
    description:
      problem.kind === 'too_many'
        ? t('tasks.upload.tooManyDescription', { count: problem.max })
        : unfinished > 0
          ? t('tasks.upload.limitWithUnfinishedDescription', held)
          : t('tasks.upload.limitExceededDescription', held),
  });
}

/** Whether a chosen file is the one an unfinished upload was sending: same name, same size. */
const isFileOf = (upload: UnfinishedUpload, file: File) =>
  file.name === upload.fileName && file.size === upload.fileSize;

/** The id in a tus address (`/api/uploads/{id}`), absolute or not. */
const uploadIdOf = (url: string) => new URL(url, 'http://x').pathname.split('/').pop() ?? '';

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
 * anything is sent (kind by name and type, count against the task's limit as the server counts
 * it: files and unfinished uploads), then sent with each file's progress and a way to cancel.
 * A chosen file that an unfinished upload was sending continues that upload, taking no second
 * place. Files that became the task's before a failure leave the selection.
 */
export function useTaskUpload(task: MyTaskDetail, unfinished: readonly UnfinishedUpload[]) {
  const { t } = useLanguage();
  const upload = useUploadTaskFiles();
  const abortRef = useRef<AbortController | null>(null);
  const [selected, setSelected] = useState<File[]>([]);
  /** Ids of the resumable uploads this page is sending now: not unfinished, under way. */
  const [sending, setSending] = useState<ReadonlySet<string>>(new Set());
  const held = task.fileCount + task.unfinishedUploadCount;
  /** A resumable upload is waiting for the network, to go on once it is back. */
  const [isOffline, setOffline] = useState(false);
  const isSending = upload.isPending;

  // Leaving the page stops the upload: the browser asks first. (A resumable one can be picked
  // up later from the unfinished uploads, but only with the same file chosen again.)
  useEffect(() => {
    if (!isSending) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isSending]);
  /** Each selected file's share sent, 0 to 100, while sending. */
  const [fileProgress, setFileProgress] = useState<number[] | null>(null);
  /** The files that became the task's during this send, kept off the list if a later one fails. */
  const storedRef = useRef<readonly File[]>([]);

  /** The unfinished upload each chosen file continues, if any (one file for each). */
  const resumes = (files: readonly File[]) => {
    const found = new Map<File, UnfinishedUpload>();
    for (const file of files) {
      // Only a file large enough to go over tus continues one (a small one goes whole).
      const match =
        file.size >= resumableUploadFromBytes
          ? unfinished.find((item) => isFileOf(item, file) && ![...found.values()].includes(item))
          : undefined;
      if (match) found.set(file, match);
    }
    return found;
  };
  const continued = resumes(selected);

  const choose = (list: FileList | null) => {
    if (!list || list.length === 0) return;
    const fitting = keepFitting(t, Array.from(list), task.contentType);
    if (fitting.length === 0) return;
    const next = [...selected, ...fitting];
    if (next.length > task.maxFiles) {
      explain(t, { kind: 'too_many', max: task.maxFiles }, task.unfinishedUploadCount);
      return;
    }
    dismissToastsAbout(selectionToast.count);
    setSelected(next);
  };

  const sendFiles = (files: File[]) => {
    if (abortRef.current) return; // a send under way (a double tap's second) keeps its progress
    const resumed = resumes(files);
    // A file that continues an unfinished upload uses the place that upload holds.
    const problem = selectionProblem(files.length - resumed.size, held, task.maxFiles);
    if (problem) {
      explain(t, problem, task.unfinishedUploadCount);
      return;
    }
    const controller = new AbortController();
    abortRef.current = controller;
    setFileProgress(
      files.map((file) => {
        const offset = resumed.get(file)?.offset ?? 0;
        return file.size > 0 ? Math.floor((offset / file.size) * 100) : 0;
      }),
    );
    setSending(new Set([...resumed.values()].map((item) => item.id)));
    storedRef.current = [];
    upload.mutate(
      {
        id: task.id,
        files,
        onProgress: setFileProgress,
        onStored: (stored) => (storedRef.current = [...storedRef.current, ...stored]),
        resumeUrls: new Map([...resumed].map(([file, item]) => [file, item.uploadUrl])),
        onUploadUrl: (url) => setSending((ids) => new Set([...ids, uploadIdOf(url)])),
        onOffline: setOffline,
        signal: controller.signal,
      },
      {
        onSuccess: () => {
          toast({ title: t('common.success'), description: t('tasks.upload.success') });
          setSelected((current) => current.filter((file) => !files.includes(file)));
        },
        onError: (error) => {
          const stored = storedRef.current;
          setSelected((current) => current.filter((file) => !stored.includes(file)));
          explainFailure(t, error);
        },
        onSettled: () => {
          abortRef.current = null;
          setFileProgress(null);
          setSending(new Set());
          setOffline(false);
        },
      },
    );
  };

  /**
   * Continues an unfinished upload with the file the creator chose again: it must be the same
   * file (the server cannot tell another one from it until its bytes are judged at the end).
   */
  const resume = (item: UnfinishedUpload, file: File | undefined) => {
    if (!file) return;
    if (!isFileOf(item, file)) {
      toast({
        variant: 'destructive',
        about: selectionToast.kind,
        title: t('tasks.unfinished.notSameFile'),
        description: t('tasks.unfinished.notSameFileDescription', {
          name: item.fileName,
          size: formatFileSize(item.fileSize),
        }),
      });
      return;
    }
    dismissToastsAbout(selectionToast.kind);
    const next = [...selected, file];
    setSelected(next);
    sendFiles(next);
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
    isSending,
    /** Offline while sending: the upload waits for the connection and resumes by itself. */
    isOffline: isSending && isOffline,
    /** Places left under the task's limit, as the server counts them. */
    remaining: Math.max(0, task.maxFiles - held),
    /** The unfinished uploads to offer: not those a chosen file continues or this page sends. */
    unfinished: unfinished.filter(
      (item) => !sending.has(item.id) && ![...continued.values()].includes(item),
    ),
    choose,
    send: () => sendFiles(selected),
    resume,
    cancel: () => abortRef.current?.abort(),
    remove: (index: number) => setSelected(selected.filter((_, other) => other !== index)),
    clear: () => setSelected([]),
  };
}
