import { describe, expect, it } from 'vitest';
import { ensureChromium, INSTALL_COMMAND, type Machine } from '../e2e/chromium';

/** `npm test` sets up its own browser, or stops at once saying how. */
function machine(opts: { installed: boolean; isRoot: boolean; installWorks?: boolean }) {
  const files = new Set(opts.installed ? ['/usr/bin/chromium'] : []);
  const commands: string[] = [];
  const fake: Machine = {
    exists: (file) => files.has(file),
    isRoot: opts.isRoot,
    run: (command, args, env) => {
      commands.push([...Object.entries(env ?? {}).map(([k, v]) => `${k}=${v}`), command, ...args].join(' '));
      if (args.includes('install') && opts.installWorks !== false) files.add('/usr/bin/chromium');
    },
    log: () => undefined,
  };
  return { fake, commands };
}

describe('ensureChromium', () => {
  it('does nothing when Chromium is installed', () => {
    const { fake, commands } = machine({ installed: true, isRoot: false });
    ensureChromium('/usr/bin/chromium', fake);
    expect(commands).toEqual([]);
  });

  it("installs Debian's chromium when it is missing and the user is root", () => {
    const { fake, commands } = machine({ installed: false, isRoot: true });
    ensureChromium('/usr/bin/chromium', fake);
    expect(commands).toEqual([
      'apt-get update -qq',
      'DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium',
    ]);
  });

  it('stops at once with the command to run when the user is not root', () => {
    const { fake, commands } = machine({ installed: false, isRoot: false });
    expect(() => ensureChromium('/usr/bin/chromium', fake)).toThrow(INSTALL_COMMAND);
    expect(commands).toEqual([]);
  });

  it('does not install anything for a CHROMIUM_PATH elsewhere that is missing', () => {
    const { fake, commands } = machine({ installed: false, isRoot: true });
    expect(() => ensureChromium('/opt/chrome/chrome', fake)).toThrow('/opt/chrome/chrome');
    expect(commands).toEqual([]);
  });

  it('says so when the install did not bring the binary', () => {
    const { fake } = machine({ installed: false, isRoot: true, installWorks: false });
    expect(() => ensureChromium('/usr/bin/chromium', fake)).toThrow('still missing');
  });
});
