import { useQueryClient } from '@tanstack/react-query';
import { compensationApi } from '../../../../domain/api/compensation.ts';
import type { CompensationInput } from '../../../../domain/compensation-input.ts';
import { useAction } from '../../../lib/action.ts';
import { apiCall } from '../../../lib/api-fetch.ts';
import { creatorsQueryKey } from './get-creators.ts';
import { adminCompensationsQueryKey } from './get-creator-compensations.ts';

export function createCompensation(input: CompensationInput) {
  return apiCall(compensationApi.create, { body: input });
}

export function useCreateCompensation() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: createCompensation,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminCompensationsQueryKey }),
        queryClient.invalidateQueries({ queryKey: creatorsQueryKey }),
      ]),
  });
}
