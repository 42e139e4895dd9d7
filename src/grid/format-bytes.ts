/** A byte count as KB below one megabyte and MB with one decimal above. */
export const formatBytes = (b: number) => (b < 1024 * 1024 ? `${(b / 1024).toFixed(0)} KB` : `${(b / 1024 / 1024).toFixed(1)} MB`)
