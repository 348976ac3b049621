import type { User } from '../../../domain/users.ts';
import type { Db } from '../../db/database.ts';
import { DomainError } from '../../errors.ts';
import { findUpload } from './upload-repository.ts';

/**
 * A task file as the asker may see it: their own, or any when they are an administrator. Anyone
 * else gets the 404 of a file that does not exist, so no one learns that another's file does
 * (decision 0021). The file and its thumbnail answer by this one rule.
 */
export async function findUploadFor(db: Db, uploadId: string, user: User) {
  const upload = await findUpload(db, uploadId);
  if (!upload || (upload.userId !== user.id && !user.isAdmin)) {
    throw new DomainError('not_found', 'task.upload_not_found');
  }
  return upload;
}
