import { authApi } from '../../../../domain/api/auth.ts';
import type { TwoFactorSetupRequest } from '../../../../domain/auth.ts';
import { useAction } from '../../../lib/action.ts';
import { apiCall } from '../../../lib/api-fetch.ts';

export function setUpTwoFactor(request: TwoFactorSetupRequest) {
  return apiCall(authApi.setupTwoFactor, { body: request });
}

/** A new authenticator secret, not in force until a code confirms it (enable-two-factor.ts). */
export function useSetUpTwoFactor() {
  return useAction({ mutationFn: setUpTwoFactor });
}
