import { z } from 'zod';
import {
  compensationMaxCents,
  compensationMonths,
  compensationNotesMaxLength,
  compensationYears,
} from './compensation.ts';
import type { MessageCode } from './messages.ts';
import { decimalToCents } from './money.ts';
import { identifierMaxLength, multiLine, singleLine } from './text.ts';

/**
 * What is sent about pay: an administrator's entries, corrections, publications and file of pay,
 * a creator's choice of year to export. Apart from compensation.ts, which a creator's pay screen
 * imports: a module's code goes whole
 * into the file that holds it, so these validators (and Zod, and the form library with them)
 * would ride along on a screen that only shows pay (decision 0058).
 */

/**
 * An amount as sent: the form sends text ("1300.5"), other clients may send a number.
 * Non-empty ('Amount is required'), at most two decimals, from 0 to 99,999,999.99; read as cents.
 */
export const amountSchema = z
  .union([singleLine(50, { tooLong: 'compensation.amount_invalid' }), z.number()], {
    error: 'compensation.amount_required',
  })
  .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
  .pipe(z.string().min(1, { error: 'compensation.amount_required', abort: true }))
  .transform((text, context) => {
    const cents = decimalToCents(text);
    if (cents === null) {
      context.addIssue({ code: 'custom', message: 'compensation.amount_invalid' });
      return z.NEVER;
    }
    if (cents > compensationMaxCents) {
      context.addIssue({ code: 'custom', message: 'compensation.amount_max' });
      return z.NEVER;
    }
    return cents;
  });

const notesSchema = multiLine(compensationNotesMaxLength, {
  notText: 'compensation.notes_invalid',
  tooLong: 'compensation.notes_max',
})
  .nullish()
  .transform((notes) => (notes ? notes : null));

/** A whole number within bounds, sent as a number or as its text (the form's select gives text). */
const wholeNumberSchema = (bounds: { min: number; max: number }, code: MessageCode) =>
  z
    .union([z.number(), singleLine(20, { required: code })], { error: code })
    .transform((value) => Number(value))
    .pipe(z.number(code).int(code).min(bounds.min, code).max(bounds.max, code));

/** POST /api/admin/compensations. `amount` comes out as cents. */
export const compensationInputSchema = z.object({
  userId: singleLine(identifierMaxLength, {
    required: 'compensation.user_required',
    tooLong: 'compensation.user_unknown',
  }),
  month: wholeNumberSchema(compensationMonths, 'compensation.month_invalid'),
  year: wholeNumberSchema(compensationYears, 'compensation.year_invalid'),
  amount: amountSchema,
  notes: notesSchema,
});
export type CompensationInput = z.input<typeof compensationInputSchema>;
export type CompensationFields = z.output<typeof compensationInputSchema>;

/** PUT /api/admin/compensations/{id}: amount and notes only. */
export const compensationUpdateSchema = z.object({ amount: amountSchema, notes: notesSchema });
export type CompensationUpdate = z.input<typeof compensationUpdateSchema>;

/**
 * `?year=` of the creator's own CSV export (absent: every year), the year their screen shows. A
 * year that is not one is refused, not ignored: a file of every year under a year's name misleads.
 */
export const myCompensationExportQuerySchema = z.object({
  year: wholeNumberSchema(compensationYears, 'compensation.year_invalid').optional(),
});

/** `?year=&month=` of the preview of a month's publication. */
export const compensationPeriodSchema = z.object({
  year: wholeNumberSchema(compensationYears, 'compensation.year_invalid'),
  month: wholeNumberSchema(compensationMonths, 'compensation.month_invalid'),
});

/** POST /api/admin/compensations/publish-month. */
export const publishMonthInputSchema = compensationPeriodSchema.extend({
  version: singleLine(100, { required: 'compensation.month_version_required' }),
});
export type PublishMonthInput = z.input<typeof publishMonthInputSchema>;

/** The import's row check of the values a row carries (the same rules as the form's). */
export const importedRowSchema = z.object({ amount: amountSchema, notes: notesSchema });
