import { fileTypeFromBlob } from 'file-type/core'
import type { Locale } from '@/domain/constants'
import { checkMaterial, type MaterialPurpose, type MediaKind } from '@/domain/materials'
import { serverMessage } from '@/domain/messages'

/**
 * The console's check of a file before it is sent: the browser reads its first bytes (file-type, the same library
 * the server sniffs with) and applies checkMaterial, the server's own rule, so the refusal has the server's words.
 * Returns the message, or null when the file may be uploaded. The server checks again (and also the structure).
 */
export async function checkFile(file: File, purpose: MaterialPurpose, locale: Locale, kind?: MediaKind): Promise<string | null> {
  const sniffed = file.size ? await fileTypeFromBlob(file).catch(() => undefined) : undefined
  const bad = checkMaterial(purpose, { size: file.size, contentType: sniffed?.mime ?? null }, kind)
  return bad ? serverMessage(bad.key, locale, bad.vars) : null
}
