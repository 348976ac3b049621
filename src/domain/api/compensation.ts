import { z } from 'zod';
import {
  adminCompensationSchema,
  compensationExportQuerySchema,
  compensationImportQuerySchema,
  compensationImportResultSchema,
  compensationListQuerySchema,
  compensationSchema,
  creatorListQuerySchema,
  creatorListSchema,
  monthDraftsSchema,
  publishMonthResultSchema,
} from '../compensation.ts';
import {
  compensationPeriodSchema,
  compensationInputSchema,
  compensationUpdateSchema,
  myCompensationExportQuerySchema,
  publishMonthInputSchema,
} from '../compensation-input.ts';
import { identifier } from '../text.ts';
import { endpoint } from './endpoint.ts';

// An empty id ('/api/admin/compensations//publish') is refused as 'Compensation ID is required'.
const entryParams = z.object({
  id: identifier({ required: 'compensation.id_required', tooLong: 'compensation.not_found' }),
});
const creatorParams = z.object({
  userId: identifier({ required: 'compensation.user_required', tooLong: 'user.not_found' }),
});

/**
 * Compensation (docs/product.md, "Pay"): administrators record, edit, publish and correct each
 * creator's monthly entries and see every creator's figures; creators read their own published
 * entries. Both export a CSV.
 */
export const compensationApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/compensations',
    access: 'admin',
    summary: 'Every compensation entry, newest month first, narrowed by status and year',
    query: compensationListQuerySchema,
    responses: { 200: z.array(compensationSchema) },
  }),
  adminExport: endpoint({
    method: 'GET',
    path: '/api/admin/compensations/export.csv',
    access: 'admin',
    summary: "Every creator's compensation, or one creator's, of one year or all, as CSV",
    query: compensationExportQuerySchema,
    produces: 'text/csv',
  }),
  historyOf: endpoint({
    method: 'GET',
    path: '/api/admin/compensations/user/:userId',
    access: 'admin',
    summary: "A creator's entries, each with its record of changes",
    params: creatorParams,
    responses: { 200: z.array(adminCompensationSchema) },
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/admin/compensations',
    access: 'admin',
    summary: "Records a creator's compensation for a month, as a draft (201)",
    body: compensationInputSchema,
    responses: { 201: compensationSchema },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/admin/compensations/:id',
    access: 'admin',
    summary: "Edits a draft's amount and notes, or corrects a published entry's",
    params: entryParams,
    body: compensationUpdateSchema,
    responses: { 200: compensationSchema },
  }),
  publish: endpoint({
    method: 'POST',
    path: '/api/admin/compensations/:id/publish',
    access: 'admin',
    summary: 'Publishes a draft to its creator, who is told by a notification and by mail',
    params: entryParams,
    responses: { 200: compensationSchema },
  }),
  /** A month at a time (decision 0053): what publishing it would publish, then publishing it. */
  monthDrafts: endpoint({
    method: 'GET',
    path: '/api/admin/compensations/publish-month',
    access: 'admin',
    summary: "A month's drafts: how many, their total, and the version the confirmation sends",
    query: compensationPeriodSchema,
    responses: { 200: monthDraftsSchema },
  }),
  publishMonth: endpoint({
    method: 'POST',
    path: '/api/admin/compensations/publish-month',
    access: 'admin',
    summary:
      "Publishes the month's drafts as shown (412 when they changed since); each creator is told once",
    body: publishMonthInputSchema,
    responses: { 200: publishMonthResultSchema },
  }),
  import: endpoint({
    method: 'POST',
    path: '/api/admin/compensations/import',
    access: 'admin',
    summary:
      "Adds drafts for a month from a CSV in the export's format (fields `year`, `month`, `file`), all or none; `?dryRun=true` checks only",
    query: compensationImportQuerySchema,
    streamedBody: 'multipart/form-data',
    responses: { 200: compensationImportResultSchema },
  }),
  mine: endpoint({
    method: 'GET',
    path: '/api/compensations',
    access: 'creator',
    summary: "The caller's published compensation, newest month first",
    responses: { 200: z.array(compensationSchema) },
  }),
  myExport: endpoint({
    method: 'GET',
    path: '/api/compensations/export.csv',
    access: 'creator',
    summary: "The caller's published compensation, of one year or all, as CSV",
    query: myCompensationExportQuerySchema,
    produces: 'text/csv',
  }),
  /** The administrators' overview of every creator (docs/product.md, "Influencers"). */
  creators: endpoint({
    method: 'GET',
    path: '/api/admin/influencers',
    access: 'admin',
    summary:
      "A page of creators with their compensation figures, the stat cards and the chart's months",
    query: creatorListQuerySchema,
    responses: { 200: creatorListSchema },
  }),
};
