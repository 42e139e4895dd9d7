import { describe, expect, it } from 'vitest'
import { measureContent } from './billing'
import { VIDEO_TEXT_CHARS, videoSmsText } from './send-video'

describe('videoSmsText', () => {
  it('is 【sign】title', () => {
    expect(videoSmsText(' 艾克米 ', '春季促销 3 ')).toBe('【艾克米】春季促销 3')
  })

  it('stays one message whatever the title, cutting by code points (never half an emoji)', () => {
    const text = videoSmsText('签名', '😀'.repeat(100))
    expect(Array.from(text)).toHaveLength(VIDEO_TEXT_CHARS)
    expect(text.endsWith('😀')).toBe(true)
    expect(measureContent(text).messages).toBe(1)
  })
})
