import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** What ensureChromium needs from the machine (injected in its own test). */
export type Machine = {
  exists: (file: string) => boolean;
  isRoot: boolean;
  /** Runs a command with inherited output; throws when it fails. */
  run: (command: string, args: string[], env?: Record<string, string>) => void;
  log: (message: string) => void;
};

const realMachine: Machine = {
  exists: existsSync,
  isRoot: process.getuid?.() === 0,
  run: (command, args, env) =>
    execFileSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } }),
  log: (message) => console.log(message),
};

export const INSTALL_COMMAND = 'sudo apt-get install -y chromium';

/**
 * The browser suite needs Debian's Chromium. When it is missing, root installs it (as CI does); anyone else is
 * stopped at once with the one command to run, instead of every browser test failing on a missing file.
 */
export function ensureChromium(executable: string, machine: Machine = realMachine): void {
  if (machine.exists(executable)) return;
  if (executable !== '/usr/bin/chromium' || !machine.isRoot) {
    throw new Error(
      `The browser tests need Chromium at ${executable}, and it is not there. Install it with:\n  ${INSTALL_COMMAND}\n` +
        '(or point CHROMIUM_PATH at a Chromium binary).',
    );
  }
  machine.log("Chromium is missing: installing Debian's chromium for the browser tests");
  machine.run('apt-get', ['update', '-qq']);
  machine.run('apt-get', ['install', '-y', '-qq', 'chromium'], { DEBIAN_FRONTEND: 'noninteractive' });
  if (!machine.exists(executable))
    throw new Error(`apt-get installed chromium, but ${executable} is still missing.`);
}
