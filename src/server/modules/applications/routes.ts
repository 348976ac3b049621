import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  applicationReceiptSchema,
  applicationReviewResponseSchema,
  applicationSchema,
  applicationStatusUpdateSchema,
  maxDocumentBytes,
} from '../../../domain/applications.ts';
import type { Config } from '../../config.ts';
import { requireUser } from '../../plugins/access.ts';
import { HttpError } from '../../plugins/errors.ts';
import { admitRequest } from '../../plugins/rate-limits.ts';
import { loadDocumentKey } from '../../storage/document-cipher.ts';
import {
  createDocumentVault,
  documentSizeMessage,
  storedDocumentKey,
  type ReceivedDocument,
} from '../../storage/documents.ts';
import { findApplicationByDocument, listApplications, recordDocumentView } from './repository.ts';
import {
  assertNoOpenApplication,
  eraseApplication,
  parseApplicationFields,
  reviewApplication,
  saveApplication,
  submissionLimit,
  sweepApplicationDocuments,
  tooManySubmissionsMessage,
} from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs the document retention sweep now (it also runs at start-up and every hour). */
    sweepApplicationDocuments(): Promise<{ deleted: number; abandoned: number }>;
  }
}

const sweepEveryMs = 60 * 60 * 1000;
/** Room for the text fields beside the document in one request. */
const formAllowanceBytes = 2 * 1024 * 1024;
const fieldMaxBytes = 64 * 1024;
const fileIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const idParams = z.object({ id: z.string() });

const fieldIssue = (path: string, message: string) =>
  new HttpError(400, message, [{ path: [path], message }]);

/**
 * The parts of a multipart body. A body the parser cannot read (no boundary, a malformed part)
 * is the sender's mistake, 400, not a server error; errors of the caller's own work pass as they are.
 */
async function* partsOf(request: FastifyRequest) {
  try {
    yield* request.parts();
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500) throw error;
    throw new HttpError(
      400,
      'The form could not be read. Please send it again from the application page.',
    );
  }
}

/** After a refused upload the rest of the body is not read: the connection closes instead. */
function cutOff(reply: FastifyReply) {
  reply.header('connection', 'close');
}

export interface ApplicationRoutesOptions {
  config: Config;
  /** The time as the module sees it (tests move it forward to run the retention sweep). */
  clock?: () => Date;
}

/**
 * Applications (spec sections 3 to 5, 7): the public submission with its ID document, the
 * administrators' list, review and erasure, and the document itself at /objects/uploads/{file}.
 */
export const applicationRoutes = fp(
  async (app: FastifyInstance, { config, clock = () => new Date() }: ApplicationRoutesOptions) => {
    const key = await loadDocumentKey({
      configured: config.documents.encryptionKey,
      dataDir: config.dataDir,
      isProduction: config.isProduction,
      log: app.log,
    });
    const vault = createDocumentVault(app.storage, key);

    const sweep = async () => {
      const result = await sweepApplicationDocuments(app.db, vault, {
        now: clock(),
        retentionDays: config.documents.retentionDays,
        log: app.log,
      });
      if (result.deleted || result.abandoned) {
        app.log.info(result, 'Deleted ID documents past their retention period');
      }
      return result;
    };
    app.decorate('sweepApplicationDocuments', sweep);
    let sweeper: NodeJS.Timeout | undefined;
    const sweepQuietly = () =>
      sweep().catch((error: unknown) => app.log.warn({ err: error }, 'Document sweep failed'));
    app.addHook('onReady', async () => {
      await sweepQuietly();
      sweeper = setInterval(() => void sweepQuietly(), sweepEveryMs).unref();
    });
    app.addHook('onClose', async () => clearInterval(sweeper));

    // In a scope of its own, so multipart parsing applies to these routes only.
    await app.register(async (scope) => {
      const routes = scope.withTypeProvider<ZodTypeProvider>();
      await routes.register(multipart, {
        throwFileSizeLimit: false,
        limits: {
          // One byte more than allowed, so the size check sees the file go over and answers 413.
          fileSize: maxDocumentBytes + 1,
          files: 1,
          fields: 20,
          fieldSize: fieldMaxBytes,
          parts: 25,
        },
      });

      routes.post(
        '/api/applications-v2',
        {
          config: { access: 'public' },
          schema: { response: { 201: applicationReceiptSchema } },
        },
        async (request, reply) => {
          if (!request.isMultipart()) {
            throw new HttpError(
              415,
              'Send the application as multipart/form-data: its fields, then the idDocument file.',
            );
          }
          const now = clock();
          const wait = await admitRequest(app.db, submissionLimit, request.ip, now);
          if (wait > 0) {
            reply.header('retry-after', String(wait));
            cutOff(reply);
            throw new HttpError(429, tooManySubmissionsMessage(wait));
          }
          if (Number(request.headers['content-length']) > maxDocumentBytes + formAllowanceBytes) {
            cutOff(reply);
            throw new HttpError(413, documentSizeMessage, [
              { path: ['idDocument'], message: documentSizeMessage },
            ]);
          }

          const raw: Record<string, unknown> = {};
          let document: ReceivedDocument | undefined;
          try {
            for await (const part of partsOf(request)) {
              if (part.type === 'field') {
                // The file streams straight to storage, so the fields must be known before it.
                if (document) throw fieldIssue(part.fieldname, 'Send the ID document last.');
                if (part.valueTruncated)
                  throw fieldIssue(part.fieldname, 'This field is too long.');
                raw[part.fieldname] = part.value;
                continue;
              }
              if (part.fieldname !== 'idDocument' || document) {
                throw fieldIssue(part.fieldname, 'Send one file, named idDocument.');
              }
              const parsed = parseApplicationFields(raw);
              if ('issues' in parsed) {
                throw new HttpError(
                  400,
                  parsed.issues[0]?.message ?? 'Invalid input',
                  parsed.issues,
                );
              }
              await assertNoOpenApplication(app.db, parsed.fields.email);
              document = await vault.receive(part.file, maxDocumentBytes);
            }
            const parsed = parseApplicationFields(raw);
            const issues = 'issues' in parsed ? parsed.issues : [];
            if (!document)
              issues.push({ path: ['idDocument'], message: 'ID document is required' });
            if ('issues' in parsed || !document) {
              throw new HttpError(400, issues[0]?.message ?? 'Invalid input', issues);
            }
            const id = randomUUID();
            await saveApplication(app.db, vault, { id, fields: parsed.fields, document, now });
            request.log.info({ applicationId: id }, 'Application received');
            return reply.status(201).send({ id, submittedAt: now.toISOString() });
          } catch (error) {
            if (document) await vault.discard(document.fileId);
            cutOff(reply);
            // The visitor went away mid-upload: nothing to answer, nothing wrong on our side.
            if (request.raw.destroyed && !(error instanceof HttpError)) {
              throw new HttpError(400, 'The upload was interrupted. Please try again.');
            }
            throw error;
          }
        },
      );

      routes.get(
        '/api/admin/applications-v2',
        { config: { access: 'admin' }, schema: { response: { 200: z.array(applicationSchema) } } },
        async () => listApplications(app.db),
      );

      routes.put(
        '/api/admin/applications-v2/:id/status',
        {
          config: { access: 'admin' },
          schema: {
            params: idParams,
            body: applicationStatusUpdateSchema,
            response: { 200: applicationReviewResponseSchema },
          },
        },
        async (request) => {
          const { application, invitationUrl } = await reviewApplication(
            {
              db: app.db,
              dialect: app.dialect,
              mailer: app.mailer,
              appUrl: config.appUrl,
              isMailConfigured: config.mail.smtpUrl !== undefined,
              log: request.log,
            },
            {
              id: request.params.id,
              update: request.body,
              admin: requireUser(request),
              now: clock(),
            },
          );
          return invitationUrl ? { ...application, invitationUrl } : application;
        },
      );

      routes.delete(
        '/api/admin/applications-v2/:id',
        { config: { access: 'admin' }, schema: { params: idParams } },
        async (request, reply) => {
          await eraseApplication(app.db, vault, { id: request.params.id, log: request.log });
          request.log.info({ applicationId: request.params.id }, 'Application erased');
          return reply.status(204).send();
        },
      );

      // The spec's same-origin document path. Never cached, never sniffed, never run as a page.
      routes.get(
        '/objects/uploads/:file',
        { config: { access: 'admin' }, schema: { params: z.object({ file: z.string() }) } },
        async (request, reply) => {
          const { file } = request.params;
          const row = fileIdPattern.test(file)
            ? await findApplicationByDocument(app.db, storedDocumentKey(file))
            : undefined;
          if (!row?.documentFileType) throw new HttpError(404, 'Document not found');
          await recordDocumentView(app.db, {
            applicationId: row.id,
            viewerId: requireUser(request).id,
            viewedAt: clock().toISOString(),
          });
          const extension = row.documentFileType.split('/')[1] ?? 'bin';
          return reply
            .header('content-type', row.documentFileType)
            .header('content-disposition', `inline; filename="id-document.${extension}"`)
            .header('cache-control', 'no-store')
            .header('x-content-type-options', 'nosniff')
            .header('content-security-policy', "default-src 'none'; sandbox")
            .header('cross-origin-resource-policy', 'same-origin')
            .send(vault.open(file));
        },
      );
    });
  },
  { name: 'applications', dependencies: ['database', 'access', 'mail', 'storage'] },
);
