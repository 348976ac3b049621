import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  applicationReceiptSchema,
  applicationReviewResponseSchema,
  applicationListQuerySchema,
  applicationListSchema,
  applicationSchema,
  applicationStatusUpdateSchema,
  documentKinds,
  maxDocumentBytes,
  type ApplicationFields,
} from '../../../domain/applications.ts';
import { fileKinds } from '../../../domain/files.ts';
import { requireUser } from '../../plugins/access.ts';
import {
  DomainError,
  fieldError,
  invalidInputError,
  issue,
  tooManyAttempts,
} from '../../errors.ts';
import { runPeriodically } from '../../plugins/schedule.ts';
import { admitRequest } from '../../plugins/rate-limits.ts';
import { type DocumentKind, storedDocumentKey } from '../../storage/documents.ts';
import {
  acceptMultipart,
  isMultipart,
  receiveUpload,
  type UploadRules,
} from '../../uploads/receive.ts';
import { sendStoredFile } from '../../uploads/send.ts';
import {
  findApplication,
  findApplicationByDocument,
  listApplications,
  recordDocumentView,
} from './repository.ts';
import {
  assertNoOpenApplication,
  eraseApplication,
  parseApplicationFields,
  reviewApplication,
  saveApplication,
  submissionLimit,
  sweepApplicationDocuments,
} from './service.ts';

const sweepEveryMs = 60 * 60 * 1000;
/** Room for the text fields beside the document in one request. */
const formAllowanceBytes = 2 * 1024 * 1024;
const fieldMaxBytes = 64 * 1024;
const fileIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const idParams = z.object({ id: z.string() });

/** The ID document: one file, after the wizard's text fields (spec sections 5 and 7). */
const documentUploadRules: UploadRules = {
  fileField: 'idDocument',
  maxFiles: 1,
  maxFileBytes: maxDocumentBytes,
  kinds: documentKinds,
  maxFields: 20,
  maxFieldBytes: fieldMaxBytes,
  messages: {
    notMultipart: 'application.not_multipart',
    unreadable: 'application.unreadable',
    tooLarge: 'application.document_too_large',
    wrongKind: 'application.document_wrong_kind',
    tooManyFiles: 'application.one_file',
  },
};

function validFields(raw: Record<string, string>): ApplicationFields {
  const parsed = parseApplicationFields(raw);
  if ('issues' in parsed) {
    throw invalidInputError(parsed.issues);
  }
  return parsed.fields;
}

/**
 * Applications (spec sections 3 to 5, 7): the public submission with its ID document, the
 * administrators' list, review and erasure, and the document itself at /objects/uploads/{file}.
 */
export const applicationRoutes: FastifyPluginAsyncZod = async (app) => {
  const vault = app.deps.documents;
  const sweep = async () => {
    const result = await sweepApplicationDocuments(app.deps);
    if (result.deleted || result.abandoned) {
      app.log.info(result, 'Deleted ID documents past their retention period');
    }
    return result;
  };
  runPeriodically(app, { name: 'Document sweep', everyMs: sweepEveryMs, run: sweep });

  // In a scope of its own, so multipart parsing applies to these routes only.
  await app.register(async (scope) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    acceptMultipart(routes);

    routes.post(
      '/api/applications-v2',
      {
        config: { access: 'public' },
        schema: { response: { 201: applicationReceiptSchema } },
      },
      async (request, reply) => {
        // Refused before a byte is read, and before the claim: nothing to count.
        if (!isMultipart(request))
          throw new DomainError('unsupported', documentUploadRules.messages.notMultipart);
        if (Number(request.headers['content-length']) > maxDocumentBytes + formAllowanceBytes) {
          throw fieldError('too_large', 'idDocument', 'application.document_too_large');
        }
        const now = request.deps.clock();
        const admission = await admitRequest(request.deps.db, submissionLimit, request.ip, now);
        if (admission.retryAfter > 0) {
          throw tooManyAttempts('application.too_many', admission.retryAfter);
        }
        try {
          return await receiveApplication(request, reply, now);
        } catch (error) {
          // Only a saved application counts: a refused or broken one leaves the limit as it was.
          await admission.withdraw();
          throw error;
        }
      },
    );

    async function receiveApplication(request: FastifyRequest, reply: FastifyReply, now: Date) {
      let fields: ApplicationFields | undefined;
      const upload = await receiveUpload(request, documentUploadRules, {
        store: (bytes) => vault.receive(bytes),
        discard: (fileId) => vault.discard(fileId),
        // The document streams straight to storage, so the fields are checked before it.
        async beforeFiles(raw) {
          fields = validFields(raw);
          await assertNoOpenApplication(request.deps.db, fields.email);
        },
      });
      const [document] = upload.files;
      if (!document) {
        const parsed = parseApplicationFields(upload.fields);
        throw invalidInputError([
          ...('issues' in parsed ? parsed.issues : []),
          issue(['idDocument'], 'application.id_document_required'),
        ]);
      }
      const id = randomUUID();
      try {
        await saveApplication(request.deps, {
          id,
          fields: fields!,
          document: {
            fileId: document.stored,
            mimeType: fileKinds[document.kind as DocumentKind].mimeType,
          },
          now,
        });
      } catch (error) {
        await vault.discard(document.stored);
        throw error;
      }
      request.log.info({ applicationId: id }, 'Application received');
      return reply.status(201).send({ id, submittedAt: now.toISOString() });
    }

    routes.get(
      '/api/admin/applications-v2',
      {
        config: { access: 'admin' },
        schema: {
          querystring: applicationListQuerySchema,
          response: { 200: applicationListSchema },
        },
      },
      async (request) => listApplications(request.deps.db, request.query),
    );

    // One application, so the review dialog shows it as saved whatever the list's filter.
    routes.get(
      '/api/admin/applications-v2/:id',
      {
        config: { access: 'admin' },
        schema: { params: idParams, response: { 200: applicationSchema } },
      },
      async (request) => {
        const application = await findApplication(request.deps.db, request.params.id);
        if (!application) throw new DomainError('not_found', 'application.not_found');
        return application;
      },
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
        const { application, invitation } = await reviewApplication(request.deps, {
          id: request.params.id,
          update: request.body,
          admin: requireUser(request),
        });
        if (!invitation) return application;
        return {
          ...application,
          invitationDelivery: invitation.delivery,
          ...(invitation.url ? { invitationUrl: invitation.url } : {}),
        };
      },
    );

    routes.delete(
      '/api/admin/applications-v2/:id',
      { config: { access: 'admin' }, schema: { params: idParams } },
      async (request, reply) => {
        await eraseApplication(request.deps, { id: request.params.id });
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
          ? await findApplicationByDocument(request.deps.db, storedDocumentKey(file))
          : undefined;
        if (!row?.documentFileType)
          throw new DomainError('not_found', 'application.document_not_found');
        await recordDocumentView(request.deps.db, {
          applicationId: row.id,
          viewerId: requireUser(request).id,
          viewedAt: request.deps.clock().toISOString(),
        });
        const extension = row.documentFileType.split('/')[1] ?? 'bin';
        return sendStoredFile(request, reply, {
          mimeType: row.documentFileType,
          size: await vault.size(file),
          fileName: `id-document.${extension}`,
          disposition: 'inline',
          cacheControl: 'no-store',
          open: (range) => vault.open(file, range),
        });
      },
    );
  });
};
