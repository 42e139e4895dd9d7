import { getRouteApi } from '@tanstack/react-router'
import { InteractPage } from '@/features/interact/InteractPage'

const route = getRouteApi('/i/$code')

/** /i/<code>: an interactive message's public page, outside the shell and without sign-in. */
export function InteractRoute() {
  const { code } = route.useParams()
  return <InteractPage code={code} />
}
