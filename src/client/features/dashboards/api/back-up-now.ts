import { useQueryClient } from '@tanstack/react-query';
import { dashboardsApi } from '../../../../domain/api/dashboards.ts';
import { useAction } from '../../../lib/action.ts';
import { apiCall } from '../../../lib/api-fetch.ts';
import { adminDashboardQueryKey } from './get-admin-dashboard.ts';

export function backUpNow() {
  return apiCall(dashboardsApi.backUpNow);
}

/** 'Back up now': starts a backup; the dashboard then follows its progress. */
export function useBackUpNow() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: backUpNow,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminDashboardQueryKey }),
  });
}
