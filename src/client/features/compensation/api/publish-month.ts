import { useQueryClient } from '@tanstack/react-query';
import { compensationApi } from '../../../../domain/api/compensation.ts';
import type { PublishMonthInput } from '../../../../domain/compensation-input.ts';
import { useAction } from '../../../lib/action.ts';
import { apiCall } from '../../../lib/api-fetch.ts';
import { adminCompensationsQueryKey } from './get-creator-compensations.ts';
import { creatorsQueryKey } from './get-creators.ts';
import { monthDraftsQueryKey } from './get-month-drafts.ts';

/** Publishes the drafts of the month that were shown: `version` comes from the preview. */
export function publishMonth(input: PublishMonthInput) {
  return apiCall(compensationApi.publishMonth, { body: input });
}

export function usePublishMonth() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: publishMonth,
    // Also after a refusal: a month that changed is shown again as it is now.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: monthDraftsQueryKey }),
        queryClient.invalidateQueries({ queryKey: adminCompensationsQueryKey }),
        queryClient.invalidateQueries({ queryKey: creatorsQueryKey }),
      ]),
  });
}
