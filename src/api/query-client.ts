import { QueryClient } from '@tanstack/react-query'
import { onLogout } from '@/stores/session'
import { isApiError } from './errors'
import { userKeys } from './keys'

/**
 * The one QueryClient. The HTTP client already toasts failures, so queries do not retry what the server refused
 * (a 4xx answer will not change); only transport failures get one more try.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (count, e) => count < 1 && isApiError(e) && (e.kind === 'network' || e.kind === 'timeout'),
    },
    mutations: { retry: false },
  },
})

// Log-out (explicit or forced by a 401) must not leave the previous user's data for the next one.
onLogout(() => {
  void queryClient.cancelQueries({ queryKey: userKeys.all })
  queryClient.removeQueries({ queryKey: userKeys.all })
})
