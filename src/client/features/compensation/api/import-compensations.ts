import { useQueryClient } from '@tanstack/react-query';
import { compensationApi } from '../../../../domain/api/compensation.ts';
import { pathOf } from '../../../../domain/api/endpoint.ts';
import type { CompensationImportResult } from '../../../../domain/compensation.ts';
import type { Period } from '../../../../domain/months.ts';
import { useAction } from '../../../lib/action.ts';
import { apiUpload } from '../../../lib/api-upload.ts';
import { adminCompensationsQueryKey } from './get-creator-compensations.ts';
import { creatorsQueryKey } from './get-creators.ts';
import { monthDraftsQueryKey } from './get-month-drafts.ts';

export interface CompensationImport {
  period: Period;
  file: File;
  /** Checks the file and says what it would add, adding nothing. */
  dryRun: boolean;
}

/** The month's fields first, then the file, so the server has the month before the rows. */
export function importCompensations({ period, file, dryRun }: CompensationImport) {
  const body = new FormData();
  body.append('year', String(period.year));
  body.append('month', String(period.month));
  body.append('file', file);
  const path = pathOf(compensationApi.import) + (dryRun ? '?dryRun=true' : '');
  return apiUpload<CompensationImportResult>(path, body);
}

export function useImportCompensations() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: importCompensations,
    onSuccess: (result) =>
      result.dryRun || result.created === 0
        ? undefined
        : Promise.all([
            queryClient.invalidateQueries({ queryKey: monthDraftsQueryKey }),
            queryClient.invalidateQueries({ queryKey: adminCompensationsQueryKey }),
            queryClient.invalidateQueries({ queryKey: creatorsQueryKey }),
          ]),
  });
}
