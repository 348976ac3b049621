import type { Deps } from '../../../deps.ts';
import { deleteUnfinishedUploadClaim, unfinishedUploadClaimsCreatedBy } from './repository.ts';
import { removeResumableBytes, resumableBytesReceived } from './store.ts';

/**
 * An upload that has not started (no byte in its store) this long after its creation is given up
 * by the sweep: a client that lost it has started again under another id.
 */
export const unstartedUploadGraceMs = 10 * 60 * 1000;

/**
 * Gives up an unfinished upload: its claim, then its bytes. Answers whether this call did; a
 * finished upload, or one given up already, stays as it is.
 */
export async function releaseResumableUpload(deps: Deps, uploadId: string): Promise<boolean> {
  const released = await deleteUnfinishedUploadClaim(deps.db, uploadId);
  if (released) await removeResumableBytes(deps.storage, uploadId);
  return released;
}

/**
 * Gives up the unfinished uploads, of everyone or of one creator's task, that have no byte in
 * their store `unstartedUploadGraceMs` after they were created (a crash between the claim and
 * the store's first write leaves such a claim, holding a place for nothing).
 */
export async function removeUnstartedResumableUploads(
  deps: Deps,
  of: { taskId?: string; userId?: string } = {},
): Promise<number> {
  const createdBy = new Date(deps.clock().getTime() - unstartedUploadGraceMs).toISOString();
  let removed = 0;
  let afterId = '';
  for (;;) {
    const claims = await unfinishedUploadClaimsCreatedBy(deps.db, {
      ...of,
      createdBy,
      afterId,
      limit: 100,
    });
    for (const claim of claims) {
      const received = await resumableBytesReceived(deps.storage, claim.id);
      if (!received && (await releaseResumableUpload(deps, claim.id))) removed += 1;
    }
    if (claims.length < 100) return removed;
    afterId = claims.at(-1)!.id;
  }
}
