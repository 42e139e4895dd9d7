import { createHash } from 'node:crypto'
import type { Db } from '../db'
import type { ObjectStore } from '../storage'
import { objectKey } from '../storage/store'
import { mp3, mp4, png } from './media-bytes'

type Demo = [cusId: string, kind: 'image' | 'video' | 'audio', purpose: 'aim' | 'csp' | 'video', name: string, type: string, bytes: Uint8Array]

const DEMO: Demo[] = [
  ['globex', 'image', 'aim', 'Globex banner.png', 'image/png', png(320, 120, 0, [120, 60, 200])],
  ['globex', 'image', 'csp', '新品卡片.png', 'image/png', png(240, 240, 0, [40, 120, 220])],
  ['globex', 'video', 'csp', '产品演示.mp4', 'video/mp4', mp4(4096)],
  ['globex', 'audio', 'csp', '提示音.mp3', 'audio/mpeg', mp3(8)],
  ['acme', 'image', 'video', '双十一横幅.png', 'image/png', png(320, 180, 0, [230, 80, 40])],
  ['acme', 'video', 'video', '门店视频.mp4', 'video/mp4', mp4(8192)],
  ['acme01', 'image', 'aim', '市场部海报.png', 'image/png', png(200, 120, 0, [60, 170, 90])],
  ['admin', 'image', 'aim', '平台公告.png', 'image/png', png(160, 90, 0, [90, 90, 90])],
]

/**
 * Demo materials: a few images, a video and a sound for the demo accounts, stored in the object store like uploads.
 * Run once after the demo data is created (it needs the store, which the database seed has no access to).
 */
export async function seedDemoMedia(db: Db, storage: ObjectStore): Promise<void> {
  for (const [cusId, kind, purpose, name, type, bytes] of DEMO) {
    const key = objectKey(cusId)
    await storage.put(key, bytes, { contentType: type })
    await db.query(
      `insert into material (cus_id, kind, purpose, file_name, content_type, size, object_key, sha256, create_time)
       values ($1, $2, $3, $4, $5, $6, $7, $8, now() - make_interval(days => $9::int))`,
      [cusId, kind, purpose, name, type, bytes.length, key, createHash('sha256').update(bytes).digest('hex'), DEMO.length - DEMO.findIndex((d) => d[3] === name)],
    )
  }
}
