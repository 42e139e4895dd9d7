import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import {
  materialRowSchema, materialStorageSchema, UPLOAD_FILE_FIELD, UPLOAD_PATHS, uploadResultSchema, type MaterialDelete, type MaterialPurpose, type MaterialStorage, type MaterialSearch,
  type MediaKind, type UploadResult,
} from '@/domain/materials'
import { listKeys } from '@/grid/keys'
import { api, apiEnvelope } from './http'
import { userKeys } from './keys'
import { queryClient } from './query-client'
import { uploadWithProgress } from './transfer'

/** Materials (src/domain/materials.ts): upload with progress and cancel, the tenant's list, delete. */

/** The materials screen's list id (defineList); its pages sit under listKeys.list(MATERIALS_LIST). */
export const MATERIALS_LIST = 'materials'
/** The video module's screen of the tenant's video materials. */
export const VIDEO_MATERIALS_LIST = 'video-sms.materials'

export const materialKeys = {
  all: [...userKeys.all, 'materials'] as const,
  /** The picker's choices: the tenant's materials of one kind (or all) for one purpose's limits. */
  picker: (search: Partial<MaterialSearch>) => [...materialKeys.all, 'picker', search] as const,
}

/** Refetches every view of the materials: the screen's pages and any open picker. */
export function invalidateMaterials() {
  void queryClient.invalidateQueries({ queryKey: materialKeys.all })
  for (const id of [MATERIALS_LIST, VIDEO_MATERIALS_LIST]) void queryClient.invalidateQueries({ queryKey: listKeys.list(id) })
}

export interface UploadMaterialOptions {
  /** Which rules apply: the library (default), a 5G card or a video SMS frame. */
  purpose?: MaterialPurpose
  /** Shown name; the file's own name by default. */
  name?: string
  signal?: AbortSignal
  onProgress?: (sent: number, total: number) => void
}

/**
 * Uploads one file (multipart, bearer token). The caller checks it first with checkMaterial (src/domain/materials.ts,
 * see src/components/media/check-file.ts); the server checks it again by content. Resolves with the stored material.
 */
export async function uploadMaterial(file: File, opts: UploadMaterialOptions = {}): Promise<UploadResult> {
  const fd = new FormData()
  fd.append(UPLOAD_FILE_FIELD, file, file.name)
  if (opts.name) fd.append('name', opts.name)
  try {
    const data = await uploadWithProgress(UPLOAD_PATHS[opts.purpose ?? 'aim'], fd, { signal: opts.signal, onProgress: opts.onProgress })
    return uploadResultSchema.parse(data)
  } finally {
    invalidateMaterials()
  }
}

const pageSchema = z.object({ records: z.array(materialRowSchema), total: z.number() })

/** One page of the tenant's materials, newest first unless told. */
export async function fetchMaterials(search: Partial<MaterialSearch>) {
  return pageSchema.parse(await api('/aim/materialList', { pageNumber: 1, pageSize: 100, ...search }))
}

/** The caller's storage, used of quota, as the materials list reports it beside its page (the upload's pre-check). */
export async function fetchStorage(): Promise<MaterialStorage> {
  const page = await api<{ storage?: unknown }>('/aim/materialList', { pageNumber: 1, pageSize: 1 })
  return materialStorageSchema.parse(page.storage)
}

/** The picker's list: newest 100 of a kind. Signed URLs live an hour; the query is refreshed long before. */
export const materialPickerQuery = (search: Partial<MaterialSearch>) =>
  queryOptions({
    queryKey: materialKeys.picker(search),
    queryFn: () => fetchMaterials(search),
    staleTime: 60_000,
  })

/** Deletes materials and their stored objects; resolves with the server's message. */
export async function deleteMaterials(ids: MaterialDelete['ids']): Promise<string> {
  try {
    return (await apiEnvelope('/aim/materialDelete', { ids })).msg
  } finally {
    invalidateMaterials()
  }
}

export type { MaterialPurpose, MediaKind }
