import { z } from 'zod';

/**
 * The one shape of every API error (docs/architecture.md, "Errors, one shape"): a stable `code` the
 * client translates (src/domain/messages.ts), its English `message`, the values the message names
 * (`params`, e.g. `count` minutes), and for invalid input one issue per field, each with the
 * field's own path (decision 0017) and its own code.
 */
export const apiIssueSchema = z.object({
  path: z.array(z.union([z.string(), z.number()])),
  code: z.string(),
  message: z.string(),
});
export type ApiIssue = z.infer<typeof apiIssueSchema>;

export const apiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  issues: z.array(apiIssueSchema).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
