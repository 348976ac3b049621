import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { compensationApi } from '../../../domain/api/compensation.ts';
import { compensationImportLimits } from '../../../domain/compensation.ts';
import { compensationPeriodSchema } from '../../../domain/compensation-input.ts';
import { formatFileSize } from '../../../domain/files.ts';
import { invalidInputError, issuesOf } from '../../errors.ts';
import { requireUser } from '../../plugins/access.ts';
import { routeOf } from '../../routes.ts';
import { acceptMultipart, receiveUpload, type UploadRules } from '../../uploads/receive.ts';
import { recordExport } from '../audit/service.ts';
import { sendCsv } from './csv.ts';
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
      const user = requireUser(request);
      const file = `compensation-${year ?? 'all-years'}.csv`;
      await recordExport(request.deps, {
        user,
        file,
        filter: userId ? `userId=${userId}` : undefined,
      });
      return sendCsv(
        reply,
        file,
        adminExport(request.deps, { year, userId, language: user.preferredLanguage }),
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
      const user = requireUser(request);
      const file = year === undefined ? 'my-compensation.csv' : `my-compensation-${year}.csv`;
      await recordExport(request.deps, { user, file });
      return sendCsv(reply, file, creatorExport(request.deps, { user, year }));
    },
  });
};
