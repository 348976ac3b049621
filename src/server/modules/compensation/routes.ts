import contentDisposition from 'content-disposition';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import { compensationApi } from '../../../domain/api/compensation.ts';
import {
  compensationImportLimits,
  compensationPeriodSchema,
} from '../../../domain/compensation.ts';
import { formatFileSize } from '../../../domain/files.ts';
import { invalidInputError, issuesOf } from '../../errors.ts';
import { requireUser } from '../../plugins/access.ts';
import { routeOf } from '../../routes.ts';
import { acceptMultipart, receiveUpload, type UploadRules } from '../../uploads/receive.ts';
import { importCompensations, monthDrafts, publishMonth } from './month-service.ts';
import { compensationsOf, listCompensations } from './repository.ts';
import {
  adminExport,
  compensationHistoryOf,
  createCompensation,
  creatorExport,
  publishCompensation,
  updateCompensation,
} from './service.ts';

/** A CSV download: compensation is private, so no cache keeps a copy. */
function sendCsv(reply: FastifyReply, fileName: string, csv: Readable) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', contentDisposition(fileName))
    .header('cache-control', 'private, no-store')
    .send(csv);
}

/** The file of a month's pay: one CSV of at most 1 MB, after the month's two fields. */
const importRules: UploadRules = {
  fileField: 'file',
  maxFiles: 1,
  maxFileBytes: compensationImportLimits.maxBytes,
  kinds: ['csv'],
  maxFields: 2,
  maxFieldBytes: 20,
  messages: {
    notMultipart: 'upload.not_multipart',
    unreadable: 'upload.unreadable',
    tooLarge: 'compensation.import_too_large',
    wrongKind: 'compensation.import_wrong_kind',
    tooManyFiles: 'compensation.import_one_file',
  },
  params: { size: formatFileSize(compensationImportLimits.maxBytes) },
};

/**
 * Adding a month's pay from a CSV file (decision 0053): the one route of the area that reads a
 * multipart body, in a scope of its own so no other route takes one.
 */
const importRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptMultipart(app);
  app.route({
    ...routeOf(compensationApi.import),
    handler: async (request) => {
      const upload = await receiveUpload(request, importRules, {
        store: async (bytes) => {
          const chunks: Buffer[] = [];
          for await (const chunk of bytes) chunks.push(chunk as Buffer);
          return Buffer.concat(chunks);
        },
        discard: async () => {},
      });
      const period = compensationPeriodSchema.safeParse(upload.fields);
      if (!period.success) throw invalidInputError(issuesOf(period.error.issues));
      const [file] = upload.files;
      if (!file)
        throw invalidInputError(
          issuesOf([{ path: ['file'], message: 'compensation.import_file_required' }]),
        );
      return importCompensations(request.deps, {
        bytes: file.stored,
        period: period.data,
        admin: requireUser(request),
        dryRun: request.query.dryRun,
      });
    },
  });
};

/**
 * Compensation (docs/product.md, "Pay"): administrators record, edit, publish and correct each
 * creator's monthly entries; creators read their own published entries. Both export a CSV.
 */
export const compensationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(compensationApi.list),
    handler: async (request) => listCompensations(request.deps.db, request.query),
  });

  app.route({
    ...routeOf(compensationApi.adminExport),
    handler: async (request, reply) => {
      const { year, userId } = request.query;
      return sendCsv(
        reply,
        `compensation-${year ?? 'all-years'}.csv`,
        adminExport(request.deps, {
          year,
          userId,
          language: requireUser(request).preferredLanguage,
        }),
      );
    },
  });

  app.route({
    ...routeOf(compensationApi.historyOf),
    handler: async (request) =>
      compensationHistoryOf(request.deps, { userId: request.params.userId }),
  });

  app.route({
    ...routeOf(compensationApi.create),
    handler: async (request, reply) =>
      reply.status(201).send(
        await createCompensation(request.deps, {
          fields: request.body,
          admin: requireUser(request),
        }),
      ),
  });

  app.route({
    ...routeOf(compensationApi.update),
    handler: async (request) =>
      updateCompensation(request.deps, {
        id: request.params.id,
        changes: request.body,
        admin: requireUser(request),
      }),
  });

  app.route({
    ...routeOf(compensationApi.publish),
    handler: async (request) =>
      publishCompensation(request.deps, { id: request.params.id, admin: requireUser(request) }),
  });

  app.route({
    ...routeOf(compensationApi.monthDrafts),
    handler: async (request) => monthDrafts(request.deps, request.query),
  });

  app.route({
    ...routeOf(compensationApi.publishMonth),
    handler: async (request) => {
      const { version, ...period } = request.body;
      return publishMonth(request.deps, { period, version, admin: requireUser(request) });
    },
  });

  await app.register(importRoutes);

  app.route({
    ...routeOf(compensationApi.mine),
    handler: async (request) =>
      compensationsOf(request.deps.db, requireUser(request).id, 'published'),
  });

  app.route({
    ...routeOf(compensationApi.myExport),
    handler: async (request, reply) => {
      const { year } = request.query;
      return sendCsv(
        reply,
        year === undefined ? 'my-compensation.csv' : `my-compensation-${year}.csv`,
        creatorExport(request.deps, { user: requireUser(request), year }),
      );
    },
  });
};
