import type { ListDefinition } from '@/grid'
import { cspMoRecordsList, interactRecordsList, moRecordsList, videoMoRecordsList } from './mo-records.list'
import { cspMtRecordsList, intlMtRecordsList, mtRecordsList, videoMtRecordsList } from './mt-records.list'
import { shortLinkRecordsList } from './short-link-records.list'

export const lists: ListDefinition[] = [
  mtRecordsList, intlMtRecordsList, videoMtRecordsList, cspMtRecordsList,
  moRecordsList, videoMoRecordsList, cspMoRecordsList, interactRecordsList, shortLinkRecordsList,
]
