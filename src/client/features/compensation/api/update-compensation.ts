import { useQueryClient } from '@tanstack/react-query';
import { compensationApi } from '../../../../domain/api/compensation.ts';
import type { CompensationUpdate } from '../../../../domain/compensation-input.ts';
import { useAction } from '../../../lib/action.ts';
import { apiCall } from '../../../lib/api-fetch.ts';
import { creatorsQueryKey } from './get-creators.ts';
import { adminCompensationsQueryKey } from './get-creator-compensations.ts';

export function updateCompensation({ id, ...update }: CompensationUpdate & { id: string }) {
  return apiCall(compensationApi.update, { params: { id }, body: update });
}

export function useUpdateCompensation() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: updateCompensation,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminCompensationsQueryKey }),
        queryClient.invalidateQueries({ queryKey: creatorsQueryKey }),
      ]),
  });
}
