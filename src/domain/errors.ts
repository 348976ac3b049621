import { z } from 'zod';

/** The one shape of every API error (ARCHITECTURE.md, "Errors, one shape"). */
export const apiErrorSchema = z.object({
  message: z.string(),
  issues: z
    .array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() }))
    .optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
