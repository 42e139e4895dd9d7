import type { Density } from '@/stores/user-prefs'

/** Row height of each density: compact is the dense grid (some 20 rows at 1440×900), comfortable a roomier read. */
export const ROW_HEIGHT: Record<Density, number> = { compact: 28, comfortable: 40 }

export const otherDensity = (d: Density): Density => (d === 'compact' ? 'comfortable' : 'compact')
