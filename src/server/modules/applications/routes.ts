import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { applicationsApi } from '../../../domain/api/applications.ts';
import { maxDocumentBytes } from '../../../domain/applications.ts';
import { DomainError, fieldError, tooManyAttempts } from '../../errors.ts';
import { requireUser } from '../../plugins/access.ts';
import { admitRequest } from '../../rate-limits/admission.ts';
import { runPeriodically } from '../../plugins/schedule.ts';
import { routeOf } from '../../routes.ts';
import { acceptMultipart, isMultipart, receiveUpload } from '../../uploads/receive.ts';
import { sendStoredFile } from '../../uploads/send.ts';
import { findApplication, listApplications } from './repository.ts';
import { reviewApplication } from './review-service.ts';
import {
  eraseApplication,
  openDocument,
  submissionLimit,
  submitApplication,
  sweepApplicationDocuments,
} from './service.ts';

const sweepEveryMs = 60 * 60 * 1000;
/** Room for the text fields beside the document in one request. */
const formAllowanceBytes = 2 * 1024 * 1024;

/** Deletes the documents past their retention period, at start-up and every hour. */
function scheduleDocumentSweep(app: FastifyInstance) {
  runPeriodically(app, {
    name: 'Document sweep',
    everyMs: sweepEveryMs,
    run: async () => {
      const result = await sweepApplicationDocuments(app.deps);
      if (result.deleted || result.abandoned) {
        app.log.info(result, 'Deleted ID documents past their retention period');
      }
      return result;
    },
  });
}

/** The administrators' list, review and erasure of applications, and the documents. */
const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(applicationsApi.list),
    handler: (request) => listApplications(request.deps.db, request.query),
  });

  // One application, so the review dialog shows it as saved whatever the list's filter.
  app.route({
    ...routeOf(applicationsApi.get),
    handler: async (request) => {
      const application = await findApplication(request.deps.db, request.params.id);
      if (!application) throw new DomainError('not_found', 'application.not_found');
      return application;
    },
  });

  app.route({
    ...routeOf(applicationsApi.review),
    handler: async (request) => {
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
  });

  app.route({
    ...routeOf(applicationsApi.erase),
    handler: async (request, reply) => {
      await eraseApplication(request.deps, {
        id: request.params.id,
        admin: requireUser(request),
      });
      return reply.status(204).send();
    },
  });

  // Never cached, never sniffed, never run as a page.
  app.route({
    ...routeOf(applicationsApi.document),
    handler: async (request, reply) => {
      const document = await openDocument(request.deps, {
        fileId: request.params.file,
        viewer: requireUser(request),
      });
      return sendStoredFile(request, reply, {
        ...document,
        disposition: 'inline',
        cacheControl: 'no-store',
      });
    },
  });
};

/**
 * Applications (docs/product.md, sections 4 and 8): the public submission with its ID document,
 * then the administrators' review.
 */
export const applicationRoutes: FastifyPluginAsyncZod = async (app) => {
  scheduleDocumentSweep(app);
  // Multipart bodies are read by the submission itself as they stream (this plugin's routes only).
  acceptMultipart(app);

  app.route({
    ...routeOf(applicationsApi.submit),
    handler: async (request, reply) => {
      // Refused before a byte is read, and before the claim: nothing to count.
      if (!isMultipart(request)) throw new DomainError('unsupported', 'application.not_multipart');
      if (Number(request.headers['content-length']) > maxDocumentBytes + formAllowanceBytes) {
        throw fieldError('too_large', 'idDocument', 'application.document_too_large');
      }
      const { deps } = request;
      const admission = await admitRequest(deps, submissionLimit, request.ip);
      if (admission.retryAfter > 0) {
        throw tooManyAttempts('application.too_many', admission.retryAfter);
      }
      try {
        const receipt = await submitApplication(deps, {
          receive: (rules, sink) => receiveUpload(request, rules, sink),
        });
        return reply.status(201).send(receipt);
      } catch (error) {
        // Only a saved application counts: a refused or broken one leaves the limit as it was.
        await admission.withdraw();
        throw error;
      }
    },
  });

  await app.register(reviewRoutes);
};
