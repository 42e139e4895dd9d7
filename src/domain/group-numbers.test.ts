import { describe, expect, it } from 'vitest'
import { withCallingCode } from './group-numbers'

const run = (s: string) => new TextDecoder().decode(withCallingCode(new TextEncoder().encode(s)))

describe('withCallingCode', () => {
  it("prefixes domestic mobiles with China's code and leaves other lines as they are", () => {
    expect(run('13800138000\n8613800138001\n23800138000\n1380013800\n1380013800x\n')).toBe(
      '8613800138000\n8613800138001\n23800138000\n1380013800\n1380013800x\n')
  })

  it('keeps CRLF line ends and a last line without a break', () => {
    expect(run('13800138000\r\n13900139000')).toBe('8613800138000\r\n8613900139000')
    expect(run('')).toBe('')
  })
})
