import { queryOptions } from '@tanstack/react-query'
import { signatureUsableResultSchema, type SignatureAdd, type SignatureReview } from '@/domain/signatures'
import { listKeys } from '@/grid/keys'
import { api, apiEnvelope } from './http'
import { queryClient } from './query-client'

/*
 * Signatures (src/domain/signatures.ts): writes refetch, by prefix, the signature list and the send pages'
 * selectors (an approval makes a signature usable; a withdrawal takes it away). The success words come from the
 * server; callers toast them.
 */

export const SIGNATURE_LIST_ID = 'home-sms.signatures'

export const signatureKeys = {
  all: ['user', 'signatures'] as const,
  usable: (cusId: string) => [...signatureKeys.all, 'usable', cusId] as const,
}

/** The list and every selector: after a write, and when the bell sees a new notice (a review just decided one). */
export function invalidateSignatures() {
  void queryClient.invalidateQueries({ queryKey: listKeys.list(SIGNATURE_LIST_ID) })
  void queryClient.invalidateQueries({ queryKey: signatureKeys.all })
}

/** Writes reject with ApiError without a toast: a form marks `data.fields`, a list action toasts the message. */
async function write(path: string, body: unknown) {
  try {
    const env = await apiEnvelope<{ id?: number }>(path, body, { silent: true })
    return env.msg
  } finally {
    invalidateSignatures()
  }
}

export const addSignature = (p: SignatureAdd) => write('/signature/add', p)
export const withdrawSignature = (id: number) => write('/signature/withdraw', { id })
export const deleteSignature = (id: number) => write('/signature/delete', { id })
/** Administrators only (the server answers 403 to anyone else). */
export const reviewSignature = (p: SignatureReview) => write('/signature/review', p)

/** The approved signatures a send of `cusId` ('' for the caller) may start with. */
export const usableSignaturesQuery = (cusId: string) =>
  queryOptions({
    queryKey: signatureKeys.usable(cusId),
    queryFn: async () => signatureUsableResultSchema.parse(await api('/signature/usable', cusId ? { cus_id: cusId } : {})).names,
    staleTime: 60_000,
  })
