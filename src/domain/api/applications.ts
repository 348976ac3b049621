import { z } from 'zod';
import {
  applicationListQuerySchema,
  applicationListSchema,
  applicationReceiptSchema,
  applicationReviewResponseSchema,
  applicationSchema,
  applicationStatusUpdateSchema,
} from '../applications.ts';
import { identifier } from '../text.ts';
import { endpoint } from './endpoint.ts';

const applicationParams = z.object({ id: identifier() });

/**
 * Applications (docs/product.md, sections 4 and 8): the public submission with its ID document,
 * and the administrators' list, review and erasure, and the document itself.
 */
export const applicationsApi = {
  submit: endpoint({
    method: 'POST',
    path: '/api/applications-v2',
    access: 'public',
    summary:
      'Submits an application: its text fields first, then the ID document as the file idDocument (201)',
    streamedBody: 'multipart/form-data',
    responses: { 201: applicationReceiptSchema },
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/admin/applications-v2',
    access: 'admin',
    summary: 'A page of applications, newest first, searched and filtered by status',
    query: applicationListQuerySchema,
    responses: { 200: applicationListSchema },
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/admin/applications-v2/:id',
    access: 'admin',
    summary: 'One application as saved, with its notes and the openings of its document',
    params: applicationParams,
    responses: { 200: applicationSchema },
  }),
  review: endpoint({
    method: 'PUT',
    path: '/api/admin/applications-v2/:id/status',
    access: 'admin',
    summary:
      "Sets an application's status with an optional note; an approval creates the creator's account and invites them",
    params: applicationParams,
    body: applicationStatusUpdateSchema,
    responses: { 200: applicationReviewResponseSchema },
  }),
  erase: endpoint({
    method: 'DELETE',
    path: '/api/admin/applications-v2/:id',
    access: 'admin',
    summary:
      'Erases an application with its notes, the openings of its document and the document (204)',
    params: applicationParams,
  }),
  document: endpoint({
    method: 'GET',
    path: '/objects/uploads/:file',
    access: 'admin',
    summary: "An application's ID document (JPEG, PNG or PDF), decrypted; each opening is recorded",
    params: z.object({ file: identifier() }),
    produces: 'application/octet-stream',
  }),
};
