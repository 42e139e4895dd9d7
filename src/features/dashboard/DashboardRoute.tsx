import { DashboardScreen } from './DashboardScreen'
import { dashboards } from './index'

/** The menu screen for every product overview: the path names the product. */
export default function DashboardRoute({ path, title }: { path: string; title: string }) {
  const prodType = dashboards.find((d) => d.path === path)?.prodType ?? 0
  return <DashboardScreen title={title} prodType={prodType} />
}
