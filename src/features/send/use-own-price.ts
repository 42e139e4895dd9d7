import { useQuery } from '@tanstack/react-query'
import { linkInfoQuery } from '@/api/send-link'
import { useSession } from '@/stores/session'

/**
 * The signed-in account's price per ordinary message, so the bulk and point-to-point pages show the cost as soon as
 * there are content and numbers, not only after a preview. The link page's info query reports exactly that price (a
 * link message is an ordinary one) and shares its cache; null until known, or when the product is not granted.
 */
export function useOwnPrice(): number | null {
  const own = useSession().authUser
  return useQuery(linkInfoQuery(own?.cusId ?? '')).data?.price ?? null
}
