/** process.threadCpuUsage (Node 22.19+ and 23.9+; not in the project's @types/node 20). */
const threadCpuUsage = (
  process as unknown as { threadCpuUsage?: () => { user: number; system: number } }
).threadCpuUsage?.bind(process);

/**
 * CPU time the calling thread has used (user + system, µs), for the sync's per-thread figures; 0 on a Node without
 * process.threadCpuUsage (the figures then read 0).
 */
export function threadCpuMicros(): number {
  const used = threadCpuUsage?.();
  return used ? used.user + used.system : 0;
}
