import { spawn, type ChildProcess } from 'node:child_process';

/** A `server/start.mjs` process that has said where it listens; `output` is all it has printed so far. */
export type ServerProcess = { url: string; child: ChildProcess; output: () => string };

/**
 * Spawns the bundled server (`node [nodeFlags] server/start.mjs`, as `npm start` does) with `env` and waits for its
 * "running at <url>" line. Rejects with what it printed when it exits first or has not started within `timeoutMs`.
 */
export async function spawnServer(
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
  nodeFlags: string[] = [],
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...nodeFlags, 'server/start.mjs'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start in ${timeoutMs / 60_000} minutes:\n${output}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /running at (http:\/\/\S+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return { url, child, output: () => output };
}

/** Sends SIGTERM and waits for the exit, unless the process has ended already (by itself or by a signal). */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
