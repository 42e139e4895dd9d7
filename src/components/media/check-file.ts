import { fileTypeFromBlob } from 'file-type/core'
import { fetchStorage } from '@/api/materials'
import type { Locale } from '@/domain/constants'
import { checkMaterial, checkQuota, type MaterialPurpose, type MaterialStorage, type MediaKind } from '@/domain/materials'
import { serverMessage } from '@/domain/messages'

/**
 * The console's check of a file before it is sent: the browser reads its first bytes (file-type, the same library
 * the server sniffs with) and applies checkMaterial, the server's own rule, then checkQuota against the storage left
 * (`storage`, or the caller's as the server reports it now), so the refusal has the server's words.
 * Returns the message, or null when the file may be uploaded. The server checks again (and also the structure).
 */
export async function checkFile(
  file: File, purpose: MaterialPurpose, locale: Locale, kind?: MediaKind, storage?: MaterialStorage | null,
): Promise<string | null> {
  const sniffed = file.size ? await fileTypeFromBlob(file).catch(() => undefined) : undefined
  const bad = checkMaterial(purpose, { size: file.size, contentType: sniffed?.mime ?? null }, kind) ?? (await overQuota(file.size, storage))
  return bad ? serverMessage(bad.key, locale, bad.vars) : null
}

// Storage that cannot be read now leaves the decision to the server, which enforces the quota anyway.
async function overQuota(size: number, storage: MaterialStorage | null | undefined) {
  const known = storage === undefined ? await fetchStorage().catch(() => null) : storage
  return known ? checkQuota(known, size) : null
}
