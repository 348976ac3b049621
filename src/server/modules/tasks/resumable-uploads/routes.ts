import { randomUUID } from 'node:crypto';
import { ERRORS, Server as TusServer } from '@tus/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tasksApi } from '../../../../domain/api/tasks.ts';
import { formatFileSize } from '../../../../domain/files.ts';
import type { User } from '../../../../domain/users.ts';
import type { Deps } from '../../../deps.ts';
import { DomainError } from '../../../errors.ts';
import { requireUser } from '../../../plugins/access.ts';
import { runPeriodically } from '../../../plugins/schedule.ts';
import { routeOf } from '../../../routes.ts';
import { databaseLocker } from './locker.ts';
import { findUploadClaim, type UploadClaimRow } from './repository.ts';
import {
  continueResumableUpload,
  cancelResumableUpload,
  finishResumableUpload,
  settleResumableUpload,
  startResumableUpload,
  sweepResumableUploads,
  type FinishOutcome,
} from './service.ts';
import { resumableUploadDatastore } from './store.ts';
import { releaseResumableUpload } from './unstarted.ts';
import { toWebRequest } from './web-request.ts';

/** Often enough that an upload that never started frees its place soon after its grace period. */
const sweepEveryMs = 5 * 60 * 1000;

/** One HTTP exchange as the tus server sees it, tied to the Fastify request it came from. */
interface Exchange {
  request: FastifyRequest;
  user: User;
  /** The unfinished upload this request continues (HEAD, PATCH). */
  claim?: UploadClaimRow;
  /** The upload this request created a claim for (POST), and when it expires. */
  created?: { id: string; expiresAt: string };
  /** What the tus server's handler threw, to answer in the API's own shape. */
  failure?: unknown;
  /** How finishing the upload went, when this request's bytes completed it. */
  finished?: FinishOutcome;
}

type TusError = { status_code: number; body: string };
const isTusError = (value: unknown): value is TusError =>
  typeof value === 'object' && value !== null && 'status_code' in value && 'body' in value;

/** The tus server over the store, whose hooks hand each step of an upload to the service. */
function tusServerFor(exchangeOf: (webRequest: Request) => Exchange, deps: Deps): TusServer {
  return new TusServer({
    path: tasksApi.resumableCreate.path,
    datastore: resumableUploadDatastore(deps.config, deps.storage),
    // Held in the database, so one upload's requests exclude each other in any process.
    locker: databaseLocker(deps.db),
    relativeLocation: true,
    // Same-origin only: no CORS headers for anyone.
    allowedOrigins: [],
    namingFunction: () => randomUUID(),
    // The id the router matched, never a reading of the URL's text (decision 0016).
    getFileIdFromRequest: (webRequest) =>
      (exchangeOf(webRequest).request.params as { id?: string }).id,
    async onUploadCreate(webRequest, upload) {
      const exchange = exchangeOf(webRequest);
      const metadata = upload.metadata ?? {};
      const { expiresAt } = await startResumableUpload(exchange.request.deps, {
        uploadId: upload.id,
        taskId: metadata.taskId ?? '',
        user: exchange.user,
        fileName: metadata.filename || 'file',
        fileSize: upload.size,
      });
      exchange.created = { id: upload.id, expiresAt };
      return { metadata };
    },
    async onUploadFinish(webRequest, upload) {
      const exchange = exchangeOf(webRequest);
      const { deps } = exchange.request;
      // A create carrying the whole file (creation-with-upload) finishes the claim it just made.
      const claim = exchange.claim ?? (await findUploadClaim(deps.db, upload.id));
      if (!claim) throw new DomainError('not_found', 'upload.resume_not_found');
      exchange.finished = await finishResumableUpload(deps, { claim, user: exchange.user });
      // The request that recorded the file answers with the creator's task: 200 to a PATCH (as
      // the multipart call), 201 to a create. Any other answers the finished state: 204.
      if (!exchange.finished.won) return { status_code: 204 };
      return webRequest.method === 'POST' ? {} : { status_code: 200 };
    },
    // Kept for `refusalOf`, which answers it in the API's shape; the tus text is never sent.
    async onResponseError(webRequest, error) {
      exchangeOf(webRequest).failure = error;
      return undefined;
    },
  });
}

/** A failure of the tus exchange as the API's refusal (or, unexpected, a logged 5xx). */
function refusalOf(exchange: Exchange, status: number, uploadMaxBytes: number): Error {
  const { failure, request } = exchange;
  if (failure instanceof DomainError) return failure;
  const gone = request.raw.destroyed || request.raw.errored !== null;
  if (failure === ERRORS.ABORTED || (gone && !request.raw.complete)) {
    return new DomainError('invalid', 'upload.interrupted');
  }
  if (failure instanceof Error) return failure;
  // Another request still holds the upload (a sender's earlier PATCH not yet noticed gone):
  // the client asks where it stands and goes on, as after any offset conflict.
  if (failure === ERRORS.ERR_LOCK_TIMEOUT)
    return new DomainError('conflict', 'upload.offset_mismatch');
  if (isTusError(failure) && failure.status_code === 500) {
    return new Error(`tus: ${failure.body.trim()}`);
  }
  switch (status) {
    case 404:
      return new DomainError('not_found', 'upload.resume_not_found');
    case 409:
      return new DomainError('conflict', 'upload.offset_mismatch');
    case 410:
      return new DomainError('gone', 'upload.resume_expired');
    case 413: {
      const size = formatFileSize(uploadMaxBytes);
      return new DomainError('too_large', 'task.file_too_large', { params: { size } });
    }
    case 412:
      return new DomainError('stale', 'upload.resumable_unreadable');
    default:
      return new DomainError('invalid', 'upload.resumable_unreadable');
  }
}

/**
 * Whether a HEAD or PATCH the tus server answered leaves the upload to be settled from its claim
 * and bytes (`settleResumableUpload`): its bytes were not where the store looked (404, 410), its
 * offset no longer matched (409: another request may have brought the last bytes), or every byte
 * is here but nothing recorded them (a process stopped between the two).
 */
function needsSettling(exchange: Exchange, response: Response): boolean {
  if (!exchange.claim || exchange.finished || exchange.failure instanceof DomainError) {
    return false;
  }
  if ([404, 409, 410].includes(response.status)) return true;
  const offset = response.headers.get('upload-offset');
  return exchange.request.method === 'HEAD' && offset === String(exchange.claim.fileSize);
}

/**
 * A finished upload as tus tells it: every byte is here (HEAD 200, PATCH 204). The PATCH that
 * recorded the file answers 200 with the creator's task, whichever way it came to record it.
 */
function sendFinishedState(
  request: FastifyRequest,
  reply: FastifyReply,
  fileSize: number,
  finish: FinishOutcome = { won: false },
) {
  void reply.header('upload-offset', String(fileSize)).header('cache-control', 'no-store');
  if (request.method === 'HEAD') {
    return reply.header('upload-length', String(fileSize)).status(200).send();
  }
  return finish.won ? reply.status(200).send(finish.detail) : reply.status(204).send();
}

/**
 * Resumable task uploads over tus 1.0 (decisions 0028, 0039, 0055), through the maintained
 * @tus/server with its store in storage (never served statically) and its lock in the database. Fastify routes carry the
 * access rule (creators only) and leave the body to the tus server, whose hooks hand each step
 * to the service; every refusal goes out in the API's error shape. A request on an existing
 * upload is first matched to the creator's claim: DELETE is answered from it alone, and a
 * finished upload answers its finished state without the store.
 */
export const resumableUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const exchanges = new WeakMap<Request, Exchange>();
  const exchangeOf = (webRequest: Request): Exchange => {
    const exchange = exchanges.get(webRequest);
    if (!exchange) throw new Error('A tus request arrived without its Fastify request');
    return exchange;
  };

  const tus = tusServerFor(exchangeOf, app.deps);

  async function answer(request: FastifyRequest, reply: FastifyReply) {
    const { deps } = request;
    const exchange: Exchange = { request, user: requireUser(request) };
    if (request.method !== 'POST') {
      const { id } = request.params as { id: string };
      if (request.method === 'DELETE') {
        await cancelResumableUpload(deps, { uploadId: id, user: exchange.user });
        return reply.status(204).send();
      }
      const claim = await continueResumableUpload(deps, { uploadId: id, user: exchange.user });
      if (claim.finishedUploadId) return sendFinishedState(request, reply, Number(claim.fileSize));
      exchange.claim = claim;
    }
    const webRequest = toWebRequest(request, reply);
    exchanges.set(webRequest, exchange);
    const response = await tus.handleWeb(webRequest);
    if (needsSettling(exchange, response)) {
      const settled = await settleResumableUpload(deps, {
        uploadId: exchange.claim!.id,
        user: exchange.user,
      });
      if (settled !== 'under way')
        return sendFinishedState(request, reply, Number(exchange.claim!.fileSize), settled);
    }
    if (response.status >= 400 || exchange.failure !== undefined) {
      // A create that failed after its claim leaves nothing behind either.
      if (exchange.created && !exchange.finished) {
        await releaseResumableUpload(deps, exchange.created.id);
      }
      throw refusalOf(exchange, response.status, deps.config.tasks.uploadMaxBytes);
    }
    for (const [name, value] of response.headers) {
      if (name.startsWith('access-control-') || name === 'content-length') continue;
      if (name === 'content-type') continue;
      void reply.header(name, value);
    }
    // An upload not finished yet goes at its claim's expiry, by the application's clock.
    const expiresAt = exchange.created?.expiresAt ?? exchange.claim?.expiresAt;
    if (expiresAt && !exchange.finished)
      void reply.header('upload-expires', new Date(expiresAt).toUTCString());
    void reply.status(response.status);
    return exchange.finished?.won ? reply.send(exchange.finished.detail) : reply.send();
  }

  // The tus server reads each body itself, as it arrives; Fastify parses none here.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  // Every tus answer, refusals included, names the protocol version (tus 1.0, section 5).
  app.addHook('onSend', async (_request, reply) => {
    void reply.header('tus-resumable', '1.0.0');
  });
  app.route({ ...routeOf(tasksApi.resumableCreate), handler: answer });
  app.route({ ...routeOf(tasksApi.resumable), handler: answer });

  // Uploads left to expire, or never started, go even when nobody creates a new one.
  runPeriodically(app, {
    name: 'Sweeping expired and unstarted resumable uploads',
    everyMs: sweepEveryMs,
    run: () => sweepResumableUploads(app.deps),
  });
};
