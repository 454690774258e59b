import { serverProcesses } from '../database/postmaster';

/** Faults an operator can inflict on the PostgreSQL server of a data folder, found by its lock file. */
export interface ServerFaults {
  /** The postmaster and every backend and worker it forked. */
  pids(): number[];
  /** SIGSTOP of every process: the server keeps its sockets but answers nothing. */
  freeze(): void;
  thaw(): void;
  /** SIGKILL of the postmaster: its backends notice and exit; clients see their connections cut. Returns the processes it had. */
  kill(): number[];
}

const signalAll = (pids: number[], signal: NodeJS.Signals) =>
  pids.forEach((p) => {
    try {
      process.kill(p, signal);
    } catch {
      /* exited meanwhile */
    }
  });

export const serverFaults = (dataDir: string): ServerFaults => ({
  pids: () => serverProcesses(dataDir),
  freeze: () => signalAll(serverProcesses(dataDir), 'SIGSTOP'),
  thaw: () => signalAll(serverProcesses(dataDir), 'SIGCONT'),
  kill: () => {
    const all = serverProcesses(dataDir);
    if (all[0]) process.kill(all[0], 'SIGKILL'); // the postmaster comes first
    return all;
  },
});
