/**
 * The environment the server runs in under `npm start` and `npm run start:cluster`: the caller's, plus a fixed
 * glibc mmap threshold unless the caller set one. Password hashing (scrypt, 16 MB a hash) runs on libuv's four pool
 * threads; with glibc's sliding threshold each thread's arena then keeps those 16 MB after the hash, so an idle server
 * held about 64 MB more after the demo seed or a few sign-ins. With the threshold fixed at 4 MB, blocks that large
 * are mapped for their use and given back when freed (the server process after a fresh start: 108 → 45 MB of its
 * own memory, docs/benchmarks.md). Other C libraries ignore the variable.
 */
export function serverEnv(env = process.env) {
  return { MALLOC_MMAP_THRESHOLD_: String(4 << 20), ...env }
}
