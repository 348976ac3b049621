export const compensationStatuses = ['draft', 'published'] as const;
export type CompensationStatus = (typeof compensationStatuses)[number];

export const compensationYears = { min: 2020, max: 2100 } as const;
