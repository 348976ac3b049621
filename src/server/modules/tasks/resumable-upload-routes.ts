import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { ERRORS, Server as TusServer } from '@tus/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatFileSize } from '../../../domain/files.ts';
import type { MyTaskDetail } from '../../../domain/tasks.ts';
import { requireUser } from '../../plugins/access.ts';
import { DomainError } from '../../errors.ts';
import { runPeriodically } from '../../plugins/schedule.ts';
import { storageDir } from '../../storage/storage.ts';
import {
  claimResumableUpload,
  finishResumableUpload,
  ownResumableUpload,
  releaseResumableUpload,
  removeExpiredResumableUploads,
  resumableUploadFolder,
  resumableUploadKey,
  resumableUploadLifetimeMs,
} from './resumable-uploads.ts';
import {
  deleteUploadClaim,
  findUploadClaim,
  type UploadClaimRow,
} from './upload-claim-repository.ts';

/** Where the tus protocol answers; an upload's own address is this plus its id. */
export const resumableUploadsPath = '/api/uploads';

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

/**
 * The request's body as a web stream the tus server reads, taken from the socket only when read:
 * a request refused before its body is wanted leaves the body to the unread-body plugin, which
 * discards it so the refusal reaches the sender.
 */
function bodyOf(raw: IncomingMessage): ReadableStream<Uint8Array> {
  let chunks: AsyncIterator<Buffer> | undefined;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        chunks ??= raw.iterator({ destroyOnReturn: false });
        const { value, done } = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
      },
      async cancel() {
        await chunks?.return?.();
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * The Fastify request as the web Request the tus server takes. The server notices a sender going
 * away through `runtime.node` (its documented Node integration), so that is given too.
 */
function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    for (const one of [value ?? []].flat()) headers.append(name, one);
  }
  const hasBody = request.method === 'POST' || request.method === 'PATCH';
  const webRequest = new Request(new URL(request.url, 'http://localhost'), {
    method: request.method,
    headers,
    ...(hasBody ? { body: bodyOf(request.raw), duplex: 'half' } : {}),
  } as RequestInit);
  Object.defineProperty(webRequest, 'runtime', {
    value: { name: 'node', node: { req: request.raw, res: reply.raw } },
  });
  return webRequest;
}

/**
 * Resumable task uploads over tus 1.0 at /api/uploads (issue 11, decision 0028), through the
 * maintained @tus/server with its file store under DATA_DIR/storage (never served statically).
 * Fastify routes carry the access rule (creators only) and leave the body to the tus server,
 * whose hooks apply the multipart call's rules; every refusal goes out in the API's error shape.
 */
export const resumableUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const datastore = new FileStore({
    directory: path.join(storageDir(app.deps.config.dataDir), resumableUploadFolder),
    // Tells clients when an unfinished upload goes (Upload-Expires), and lets the store's
    // own sweep remove bytes whose claim went with a deleted task or creator.
    expirationPeriodInMilliseconds: resumableUploadLifetimeMs,
  });
  const removeBytes = async (uploadId: string) => {
    await app.deps.storage.delete(resumableUploadKey(uploadId));
    await datastore.configstore.delete(uploadId).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  };

  const exchanges = new WeakMap<Request, Exchange>();
  const exchangeOf = (webRequest: Request): Exchange => {
    const exchange = exchanges.get(webRequest);
    if (!exchange) throw new Error('A tus request arrived without its Fastify request');
    return exchange;
  };

  const tus = new TusServer({
    path: resumableUploadsPath,
    datastore,
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
      try {
        exchange.claim = await ownResumableUpload(request.deps, {
          uploadId,
          user: requireUser(request),
        });
      } catch (error) {
        if (error instanceof DomainError && error.kind === 'gone') {
          await releaseResumableUpload(request.deps, uploadId, removeBytes);
        }
        throw error;
      }
    },
    async onUploadCreate(webRequest, upload) {
      const exchange = exchangeOf(webRequest);
      const { request } = exchange;
      if (upload.size === undefined) throw new DomainError('invalid', 'upload.length_required');
      const metadata = upload.metadata ?? {};
      // Each new upload first clears the ones left to expire, so their places come back.
      await removeExpiredResumableUploads(request.deps, removeBytes);
      await claimResumableUpload(request.deps, {
        uploadId: upload.id,
        taskId: metadata.taskId ?? '',
        user: requireUser(request),
        fileName: metadata.filename || 'file',
        fileSize: upload.size,
      });
      exchange.claimedId = upload.id;
      return { metadata };
    },
    async onUploadFinish(webRequest, upload) {
      const exchange = exchangeOf(webRequest);
      const { request } = exchange;
      const claim = exchange.claim ?? (await findUploadClaim(request.deps.db, upload.id));
      if (!claim) throw new DomainError('not_found', 'upload.resume_not_found');
      try {
        exchange.finished = await finishResumableUpload(request.deps, {
          claim,
          user: requireUser(request),
        });
      } catch (error) {
        await releaseResumableUpload(request.deps, upload.id, removeBytes);
        throw error;
      }
      // The bytes now live under the task; the store's record of the upload goes.
      await removeBytes(upload.id);
      // tus-js-client takes any 2xx; the body is the creator's task, as the multipart call's.
      return { status_code: 200 };
    },
    // Kept for `refusalOf`, which answers it in the API's shape; the tus text is never sent.
    async onResponseError(webRequest, error) {
      exchangeOf(webRequest).failure = error;
      return undefined;
    },
  });

  /** A failure of the tus exchange as the API's refusal (or, unexpected, a logged 5xx). */
  function refusalOf(exchange: Exchange, status: number): Error {
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
        const size = formatFileSize(app.deps.config.tasks.uploadMaxBytes);
        return new DomainError('too_large', 'task.file_too_large', { params: { size } });
      }
      case 412:
        return new DomainError('stale', 'upload.resumable_unreadable');
      default:
        return new DomainError('invalid', 'upload.resumable_unreadable');
    }
  }

  async function answer(request: FastifyRequest, reply: FastifyReply) {
    const webRequest = toWebRequest(request, reply);
    const exchange: Exchange = { request };
    exchanges.set(webRequest, exchange);
    const response = await tus.handleWeb(webRequest);
    if (response.status >= 400 || exchange.failure !== undefined) {
      // A create that failed after its claim leaves nothing behind either.
      if (exchange.claimedId && !exchange.finished) {
        await releaseResumableUpload(request.deps, exchange.claimedId, removeBytes);
      }
      throw refusalOf(exchange, response.status);
    }
    if (request.method === 'DELETE' && exchange.claim) {
      await deleteUploadClaim(request.deps.db, exchange.claim.id);
    }
    for (const [name, value] of response.headers) {
      if (name.startsWith('access-control-') || name === 'content-length') continue;
      if (name === 'content-type') continue;
      void reply.header(name, value);
    }
    void reply.status(response.status);
    return exchange.finished ? reply.send(exchange.finished) : reply.send();
  }

  await app.register(async (scope) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    // The tus server reads each body itself, as it arrives; Fastify parses none here.
    routes.removeAllContentTypeParsers();
    routes.addContentTypeParser('*', (_request, _payload, done) => done(null));
    // Every tus answer, refusals included, names the protocol version (tus 1.0, section 5).
    routes.addHook('onSend', async (_request, reply) => {
      void reply.header('tus-resumable', '1.0.0');
    });

    routes.post(resumableUploadsPath, { config: { access: 'creator' } }, answer);
    routes.route({
      method: ['HEAD', 'PATCH', 'DELETE'],
      url: `${resumableUploadsPath}/:id`,
      config: { access: 'creator' },
      schema: { params: z.object({ id: z.string().min(1).max(100) }) },
      handler: answer,
    });
  });

  // Uploads left to expire go even when nobody creates a new one; the store's own sweep also
  // takes bytes whose claim went with a deleted task or creator.
  runPeriodically(app, {
    name: 'Sweeping expired resumable uploads',
    everyMs: sweepEveryMs,
    run: async () => {
      await removeExpiredResumableUploads(app.deps, removeBytes);
      await tus.cleanUpExpiredUploads();
    },
  });
};
