/** Row field holding the index across pages (set when the page arrives, so it survives column moves). */
export const INDEX_FIELD = '__index'
export const ACTIONS_COL = '__actions'
