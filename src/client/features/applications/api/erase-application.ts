import { useQueryClient } from '@tanstack/react-query';
import { applicationsApi } from '../../../../domain/api/applications.ts';
import { useAction } from '../../../lib/action.ts';
import { apiCall } from '../../../lib/api-fetch.ts';
import { applicationQueryOptions } from './get-application.ts';

/** The row, its notes and its ID document, for good. */
export function eraseApplication(id: string) {
  return apiCall(applicationsApi.erase, { params: { id } });
}

export function useEraseApplication() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: eraseApplication,
    onSuccess: (_nothing, id) => {
      // The erased one is gone for good: asking for it again could only answer 404.
      queryClient.removeQueries({ queryKey: applicationQueryOptions(id).queryKey });
      // The lists and the dashboard's application figures change.
      return queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}
