import { randomUUID } from 'node:crypto';
import { ERRORS, Server as TusServer } from '@tus/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tasksApi } from '../../../../domain/api/tasks.ts';
import { formatFileSize } from '../../../../domain/files.ts';
import type { MyTaskDetail } from '../../../../domain/tasks.ts';
import { DomainError } from '../../../errors.ts';
import { requireUser } from '../../../plugins/access.ts';
import { runPeriodically } from '../../../plugins/schedule.ts';
import { routeOf } from '../../../routes.ts';
import type { UploadClaimRow } from './repository.ts';
import {
  cancelResumableUpload,
  continueResumableUpload,
  finishResumableUpload,
  releaseResumableUpload,
  removeExpiredResumableUploads,
  startResumableUpload,
} from './service.ts';
import { resumableUploadStore, type ResumableUploadStore } from './store.ts';
import { toWebRequest } from './web-request.ts';

const sweepEveryMs = 60 * 60 * 1000;

/** One HTTP exchange as the tus server sees it, tied to the Fastify request it came from. */
interface Exchange {
  request: FastifyRequest;
  /** The upload under way this request continues (HEAD, PATCH, DELETE). */
  claim?: UploadClaimRow;
  /** The upload this request created a claim for (POST). */
  claimedId?: string;
  /** What the tus server's handler threw, to answer in the API's own shape. */
  failure?: unknown;
  /** The creator's task after a finished upload became one of its files. */
  finished?: MyTaskDetail;
}

type TusError = { status_code: number; body: string };
const isTusError = (value: unknown): value is TusError =>
  typeof value === 'object' && value !== null && 'status_code' in value && 'body' in value;

/** The tus server over the store, whose hooks hand each step of an upload to the service. */
function tusServerFor(
  store: ResumableUploadStore,
  exchangeOf: (webRequest: Request) => Exchange,
): TusServer {
  return new TusServer({
    path: tasksApi.resumableCreate.path,
    datastore: store.datastore,
    relativeLocation: true,
    // Same-origin only: no CORS headers for anyone.
    allowedOrigins: [],
    namingFunction: () => randomUUID(),
    // The id the router matched, never a reading of the URL's text (decision 0016).
    getFileIdFromRequest: (webRequest) =>
      (exchangeOf(webRequest).request.params as { id?: string }).id,
    async onIncomingRequest(webRequest, uploadId) {
      if (webRequest.method === 'POST') return;
      const exchange = exchangeOf(webRequest);
      const { request } = exchange;
      const user = requireUser(request);
      exchange.claim = await continueResumableUpload(request.deps, { uploadId, user, store });
    },
    async onUploadCreate(webRequest, upload) {
      const exchange = exchangeOf(webRequest);
      const { request } = exchange;
      const metadata = upload.metadata ?? {};
      await startResumableUpload(request.deps, {
        uploadId: upload.id,
        taskId: metadata.taskId ?? '',
        user: requireUser(request),
        fileName: metadata.filename || 'file',
        fileSize: upload.size,
        store,
      });
      exchange.claimedId = upload.id;
      return { metadata };
    },
    async onUploadFinish(webRequest, upload) {
      const exchange = exchangeOf(webRequest);
      const { request } = exchange;
      exchange.finished = await finishResumableUpload(request.deps, {
        uploadId: upload.id,
        claim: exchange.claim,
        user: requireUser(request),
        store,
      });
      // tus-js-client takes any 2xx; the body is the creator's task, as the multipart call's.
      return { status_code: 200 };
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
 * Resumable task uploads over tus 1.0 (decision 0028), through the maintained @tus/server with
 * its file store under DATA_DIR/storage (never served statically). Fastify routes carry the
 * access rule (creators only) and leave the body to the tus server, whose hooks hand each step
 * to the service; every refusal goes out in the API's error shape.
 */
export const resumableUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const store = resumableUploadStore(app.deps);
  const exchanges = new WeakMap<Request, Exchange>();
  const exchangeOf = (webRequest: Request): Exchange => {
    const exchange = exchanges.get(webRequest);
    if (!exchange) throw new Error('A tus request arrived without its Fastify request');
    return exchange;
  };

  const tus = tusServerFor(store, exchangeOf);

  async function answer(request: FastifyRequest, reply: FastifyReply) {
    const webRequest = toWebRequest(request, reply);
    const exchange: Exchange = { request };
    exchanges.set(webRequest, exchange);
    const response = await tus.handleWeb(webRequest);
    if (response.status >= 400 || exchange.failure !== undefined) {
      // A create that failed after its claim leaves nothing behind either.
      if (exchange.claimedId && !exchange.finished) {
        await releaseResumableUpload(request.deps, { uploadId: exchange.claimedId, store });
      }
      throw refusalOf(exchange, response.status, request.deps.config.tasks.uploadMaxBytes);
    }
    if (request.method === 'DELETE' && exchange.claim) {
      await cancelResumableUpload(request.deps, exchange.claim);
    }
    for (const [name, value] of response.headers) {
      if (name.startsWith('access-control-') || name === 'content-length') continue;
      if (name === 'content-type') continue;
      void reply.header(name, value);
    }
    void reply.status(response.status);
    return exchange.finished ? reply.send(exchange.finished) : reply.send();
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

  // Uploads left to expire go even when nobody creates a new one; the store's own sweep also
  // takes bytes whose claim went with a deleted task or creator.
  runPeriodically(app, {
    name: 'Sweeping expired resumable uploads',
    everyMs: sweepEveryMs,
    run: async () => {
      await removeExpiredResumableUploads(app.deps, store);
      await tus.cleanUpExpiredUploads();
    },
  });
};
