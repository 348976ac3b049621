import { z } from 'zod';
import { listQuerySchema, pageSchema } from './lists.ts';
import { centsToDecimal, decimalToCents } from './money.ts';
import { identifier } from './text.ts';

/**
 * Compensation (docs/product.md, "Pay"). One entry per creator and month, recorded as a draft and
 * published to the creator. Amounts are integer cents inside and decimal strings with two places
 * ("1300.00") on the wire; no amount passes through a binary floating-point number.
 */
export const compensationStatuses = ['draft', 'published'] as const;
export type CompensationStatus = (typeof compensationStatuses)[number];

export const compensationYears = { min: 2020, max: 2100 } as const;
export const compensationMonths = { min: 1, max: 12 } as const;
/** The largest amount a decimal(10,2) column holds: 99,999,999.99. */
export const compensationMaxCents = 9_999_999_999;
export const compensationNotesMaxLength = 2000;
/** 'Active': the latest publish lies within this many days. */
export const activeWindowDays = 30;
/** Performance Insights: more than this many entries is a Consistent Performer. */
export const consistentPerformerThreshold = 3;

const decimalString = z.string().regex(/^\d+\.\d{2}$/);

/** One entry, as every call answers it. */
export const compensationSchema = z.object({
  id: z.string(),
  userId: z.string(),
  month: z.number().int(),
  year: z.number().int(),
  amount: decimalString,
  status: z.enum(compensationStatuses),
  notes: z.string().nullable(),
  createdBy: z.string().nullable(),
  publishedAt: z.string().nullable(),
  publishedBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Compensation = z.infer<typeof compensationSchema>;

/**
 * What happened to an entry (every create, edit and publish is recorded, decision 0023): who,
 * when, and the amount and notes before and after. 'corrected' is an edit of a published entry.
 */
export const compensationActions = ['created', 'edited', 'published', 'corrected'] as const;
export type CompensationAction = (typeof compensationActions)[number];

export const compensationChangeSchema = z.object({
  id: z.string(),
  action: z.enum(compensationActions),
  at: z.string(),
  /** The administrator who made the change; null once their account is gone. */
  by: z.object({ id: z.string(), username: z.string() }).nullable(),
  amount: decimalString,
  notes: z.string().nullable(),
  /** Before an edit or correction; null for 'created' and 'published'. */
  previousAmount: decimalString.nullable(),
  previousNotes: z.string().nullable(),
});
export type CompensationChange = z.infer<typeof compensationChangeSchema>;

/** GET /api/admin/compensations/user/{userId}: each entry with its record of changes, oldest first. */
export const adminCompensationSchema = compensationSchema.extend({
  history: z.array(compensationChangeSchema),
});
export type AdminCompensation = z.infer<typeof adminCompensationSchema>;

/** `?status=&year=` of GET /api/admin/compensations (the full list, narrowed if asked). */
export const compensationListQuerySchema = z.object({
  status: z
    .enum(['all', ...compensationStatuses])
    .catch('all')
    .default('all'),
  year: z.coerce
    .number()
    .int()
    .min(compensationYears.min)
    .max(compensationYears.max)
    .optional()
    .catch(undefined),
});

/**
 * `?year=` of the administrators' CSV export (absent: every year), and `?userId=` for one
 * creator's entries (absent: every creator's).
 */
export const compensationExportQuerySchema = z.object({
  userId: identifier().optional(),
  year: z.coerce
    .number()
    .int()
    .min(compensationYears.min)
    .max(compensationYears.max)
    .optional()
    .catch(undefined),
});

/** Newest year, then month, first: the history's order. */
export function byNewestPeriod(
  a: { year: number; month: number },
  b: { year: number; month: number },
) {
  return b.year - a.year || b.month - a.month;
}

// ---------------------------------------------------------------------------------------------
// The overview of every creator (GET /api/admin/influencers), computed in SQL.

export const creatorFilters = [
  'all',
  'active',
  'inactive',
  'with_earnings',
  'no_earnings',
] as const;
export type CreatorFilter = (typeof creatorFilters)[number];

/** name (A to Z), earnings (highest first), compensation count (most first), recently updated. */
export const creatorSorts = ['name', 'earnings', 'count', 'recent'] as const;
export type CreatorSort = (typeof creatorSorts)[number];

export const creatorListQuerySchema = listQuerySchema.extend({
  filter: z.enum(creatorFilters).catch('all').default('all'),
  sort: z.enum(creatorSorts).catch('name').default('name'),
});
export type CreatorListQuery = z.infer<typeof creatorListQuerySchema>;

export const creatorSummarySchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  compensationCount: z.number().int(),
  publishedCount: z.number().int(),
  /** Published compensation only. */
  earned: decimalString,
  lastPublishedAt: z.string().nullable(),
  /** The latest publish lies within the last 30 days. */
  active: z.boolean(),
  /** The latest change to any of the creator's entries ('recently updated' sorts by it). */
  lastUpdatedAt: z.string().nullable(),
});
export type CreatorSummary = z.infer<typeof creatorSummarySchema>;

/** The four stat cards, over every creator (not only the page or the filter). */
export const creatorTotalsSchema = z.object({
  totalInfluencers: z.number().int(),
  activeThisMonth: z.number().int(),
  withEarnings: z.number().int(),
  /** All published compensation. */
  totalPayouts: decimalString,
});
export type CreatorTotals = z.infer<typeof creatorTotalsSchema>;

/**
 * Published compensation per calendar month (by the entry's month and year), the last 12 months,
 * oldest first.
 */
export const monthlyAmountSchema = z.object({
  year: z.number().int(),
  month: z.number().int(),
  amount: decimalString,
});
export type MonthlyAmount = z.infer<typeof monthlyAmountSchema>;

export const creatorListSchema = pageSchema(creatorSummarySchema).extend({
  totals: creatorTotalsSchema,
  monthlyPayouts: z.array(monthlyAmountSchema),
});
export type CreatorList = z.infer<typeof creatorListSchema>;

// ---------------------------------------------------------------------------------------------
// What a creator reads of their own compensation (docs/product.md, "My Compensation"). Pure
// figures over the published entries, so the screen, the tests and any export agree.

export type PerformanceLabel = 'consistent' | 'growing' | 'starting';

export interface CompensationFigures {
  totalCents: number;
  thisYearCents: number;
  lastSixMonthsCents: number;
  count: number;
  averageCents: number;
  highestCents: number;
  label: PerformanceLabel;
}

type Period = { year: number; month: number };
const periodIndex = (period: Period) => period.year * 12 + (period.month - 1);
const centsOf = (entry: { amount: string }) => decimalToCents(entry.amount) ?? 0;

/**
 * The creator's cards and insights at `now`. 'Last 6 Months' counts entries from the month six
 * months ago up to the current month: in November 2026, May to November 2026.
 * 'This Year' is the entries of the current calendar year. The average is rounded to the cent.
 */
export function compensationFigures(
  entries: readonly (Period & { amount: string })[],
  now: Date,
): CompensationFigures {
  const current = { year: now.getFullYear(), month: now.getMonth() + 1 };
  const sixMonthsAgo = periodIndex(current) - 6;
  let totalCents = 0;
  let thisYearCents = 0;
  let lastSixMonthsCents = 0;
  let highestCents = 0;
  for (const entry of entries) {
    const cents = centsOf(entry);
    totalCents += cents;
    if (entry.year === current.year) thisYearCents += cents;
    const index = periodIndex(entry);
    if (index >= sixMonthsAgo && index <= periodIndex(current)) lastSixMonthsCents += cents;
    highestCents = Math.max(highestCents, cents);
  }
  const count = entries.length;
  const label: PerformanceLabel =
    count > consistentPerformerThreshold ? 'consistent' : count >= 1 ? 'growing' : 'starting';
  return {
    totalCents,
    thisYearCents,
    lastSixMonthsCents,
    count,
    averageCents: count ? Math.round(totalCents / count) : 0,
    highestCents,
    label,
  };
}

/** The years that have compensation, newest first, each with its total (the year filter's options). */
export function yearTotals(entries: readonly (Period & { amount: string })[]) {
  const totals = new Map<number, number>();
  for (const entry of entries)
    totals.set(entry.year, (totals.get(entry.year) ?? 0) + centsOf(entry));
  return [...totals]
    .sort(([a], [b]) => b - a)
    .map(([year, cents]) => ({ year, cents, amount: centsToDecimal(cents) }));
}

/** The 12 months of a year, each with its amount or null ('No payment'), and the Year Total. */
export function yearBreakdown(entries: readonly (Period & { amount: string })[], year: number) {
  const months = Array.from({ length: 12 }, (_, index) => ({
    month: index + 1,
    cents: null as number | null,
  }));
  for (const entry of entries) {
    if (entry.year !== year) continue;
    const slot = months[entry.month - 1]!;
    slot.cents = (slot.cents ?? 0) + centsOf(entry);
  }
  const totalCents = months.reduce((sum, slot) => sum + (slot.cents ?? 0), 0);
  return { months, totalCents };
}

// ---------------------------------------------------------------------------------------------
// A month at a time (decision 0053): publishing every draft of a month, and adding a month's pay
// from a CSV file in the export's format.

/**
 * The drafts of a month, as the confirmation shows them. `version` names exactly these drafts
 * (their ids, amounts and last changes); the confirmation sends it back, so what is published is
 * what was shown.
 */
export const monthDraftsSchema = z.object({
  year: z.number().int(),
  month: z.number().int(),
  drafts: z.number().int(),
  total: decimalString,
  version: z.string(),
});
export type MonthDrafts = z.infer<typeof monthDraftsSchema>;

/** What a month's publication did: none when every draft was already published (a repeat). */
export const publishMonthResultSchema = z.object({
  published: z.number().int(),
  total: decimalString,
});
export type PublishMonthResult = z.infer<typeof publishMonthResultSchema>;

/** A file of pay to add: at most 1 MB and 2,000 rows besides the header. */
export const compensationImportLimits = { maxBytes: 1024 * 1024, maxRows: 2000 } as const;

/** `?dryRun=true`: check the file and say what it would create, creating nothing. */
export const compensationImportQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});

/** A row of the file that cannot be added; `row` counts as a spreadsheet does (the header is 1). */
export const importRefusalSchema = z.object({
  row: z.number().int(),
  code: z.string(),
  /** In the language of the administrator who sent the file. */
  reason: z.string(),
});
export type ImportRefusal = z.infer<typeof importRefusalSchema>;

/**
 * What the file did, or in a dry run would do: all or nothing, so with any row refused nothing is
 * created (`created` 0, `total` "0.00").
 */
export const compensationImportResultSchema = z.object({
  dryRun: z.boolean(),
  rows: z.number().int(),
  created: z.number().int(),
  total: decimalString,
  refused: z.array(importRefusalSchema),
});
export type CompensationImportResult = z.infer<typeof compensationImportResultSchema>;
