import { formatFileSize } from '../../../domain/files.ts';
import type { MessageCode } from '../../../domain/messages.ts';
import { taskFileKinds, type ContentType } from '../../../domain/tasks.ts';
import type { UploadRules } from '../../uploads/receive.ts';

const wrongKind: Record<ContentType, MessageCode> = {
  photo: 'task.photo_only',
  video: 'task.video_only',
  both: 'task.photo_or_video',
};

/**
 * What a creator may send to one task, for both ways of sending (the multipart call and the
 * resumable tus uploads): the kinds its content type takes, the per-file size limit, the room
 * left under its file limit, and the messages of its refusals. `held` counts the creator's
 * files there and on their way.
 */
export function taskUploadRules(
  task: { contentType: ContentType; maxFiles: number },
  held: number,
  uploadMaxBytes: number,
): UploadRules {
  return {
    fileField: 'files',
    maxFiles: Math.max(0, task.maxFiles - held),
    maxFileBytes: uploadMaxBytes,
    kinds: taskFileKinds[task.contentType],
    maxFields: 10,
    maxFieldBytes: 1024,
    messages: {
      notMultipart: 'task.not_multipart',
      unreadable: 'upload.unreadable',
      tooLarge: 'task.file_too_large',
      wrongKind: wrongKind[task.contentType],
      tooManyFiles: 'task.too_many_files',
    },
    params: { max: task.maxFiles, count: held, size: formatFileSize(uploadMaxBytes) },
  };
}
