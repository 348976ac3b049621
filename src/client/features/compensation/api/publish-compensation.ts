import { useQueryClient } from '@tanstack/react-query';
import { compensationApi } from '../../../../domain/api/compensation.ts';
import { useAction } from '../../../lib/action.ts';
import { apiCall } from '../../../lib/api-fetch.ts';
import { creatorsQueryKey } from './get-creators.ts';
import { adminCompensationsQueryKey } from './get-creator-compensations.ts';

export function publishCompensation(id: string) {
  return apiCall(compensationApi.publish, { params: { id } });
}

export function usePublishCompensation() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: publishCompensation,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminCompensationsQueryKey }),
        queryClient.invalidateQueries({ queryKey: creatorsQueryKey }),
      ]),
  });
}
