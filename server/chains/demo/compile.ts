import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Abi, Hex } from 'viem';

/**
 * Compiles the demo contracts (the .sol files beside this one) with solc-js, reading OpenZeppelin's sources from
 * node_modules through an import callback. The output (ABI and creation bytecode per contract) is cached under
 * node_modules/.cache/devnet-demo, keyed by a hash of the sources, the OpenZeppelin versions, the compiler version
 * and its settings, so only the first start on a machine pays for compiling.
 */

const require = createRequire(import.meta.url);
/** The .sol files: beside this module, or under server/chains/demo when it runs from the server bundle (server/start.mjs). */
const moduleFolder = path.dirname(fileURLToPath(import.meta.url));
const here =
  path.basename(moduleFolder) === 'dist-server'
    ? path.join(moduleFolder, '..', 'server', 'chains', 'demo')
    : moduleFolder;

export const DEMO_SOURCES = ['TidemarkUSD.sol', 'LumenfoldVaultToken.sol'] as const;

export type CompiledContract = { abi: Abi; bytecode: Hex };
export type CompiledDemo = {
  solcVersion: string;
  TidemarkUSD: CompiledContract;
  LumenfoldVaultToken: CompiledContract;
};

const SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'cancun',
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
};

type SolcOutput = {
  errors?: Array<{ severity: string; formattedMessage: string }>;
  contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
};
type Solc = { version: () => string; compile: (input: string, callbacks: object) => string };

function packageVersion(name: string): string {
  return (require(`${name}/package.json`) as { version: string }).version;
}

/** node_modules/.cache/devnet-demo of the checkout (beside the installed solc). */
export function defaultCacheDir(): string {
  const solcDir = path.dirname(require.resolve('solc/package.json'));
  return path.join(path.dirname(solcDir), '.cache', 'devnet-demo');
}

/** Reads an import (`@openzeppelin/...`) from node_modules; relative imports arrive already resolved by solc. */
function findImport(importPath: string): { contents: string } | { error: string } {
  try {
    if (!importPath.startsWith('@openzeppelin/')) return { error: `not found: ${importPath}` };
    return { contents: readFileSync(require.resolve(importPath), 'utf8') };
  } catch (error) {
    return { error: `cannot read ${importPath}: ${(error as Error).message}` };
  }
}

export type CompileResult = { compiled: CompiledDemo; cached: boolean; ms: number; cacheFile: string };

export async function compileDemo(cacheDir = defaultCacheDir()): Promise<CompileResult> {
  const started = performance.now();
  const sources: Record<string, { content: string }> = {};
  for (const file of DEMO_SOURCES) sources[file] = { content: await readFile(path.join(here, file), 'utf8') };
  const solcVersion = packageVersion('solc');
  const key = createHash('sha256')
    .update(
      JSON.stringify({
        sources,
        settings: SETTINGS,
        solc: solcVersion,
        oz: packageVersion('@openzeppelin/contracts'),
        ozUpgradeable: packageVersion('@openzeppelin/contracts-upgradeable'),
      }),
    )
    .digest('hex')
    .slice(0, 16);
  const cacheFile = path.join(cacheDir, `compiled-${key}.json`);
  try {
    const compiled = JSON.parse(await readFile(cacheFile, 'utf8')) as CompiledDemo;
    return { compiled, cached: true, ms: performance.now() - started, cacheFile };
  } catch {
    // not cached yet
  }
  const solc = (await import('solc')).default as unknown as Solc;
  const input = JSON.stringify({ language: 'Solidity', sources, settings: SETTINGS });
  const output = JSON.parse(solc.compile(input, { import: findImport })) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(`solc: ${errors.map((e) => e.formattedMessage).join('\n')}`);
  const pick = (file: string, name: string): CompiledContract => {
    const contract = output.contracts?.[file]?.[name];
    if (!contract) throw new Error(`solc produced no ${name}`);
    return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
  };
  const compiled: CompiledDemo = {
    solcVersion: solc.version(),
    TidemarkUSD: pick('TidemarkUSD.sol', 'TidemarkUSD'),
    LumenfoldVaultToken: pick('LumenfoldVaultToken.sol', 'LumenfoldVaultToken'),
  };
  await mkdir(cacheDir, { recursive: true });
  const temp = `${cacheFile}.${process.pid}.tmp`;
  await writeFile(temp, JSON.stringify(compiled));
  await rename(temp, cacheFile);
  return { compiled, cached: false, ms: performance.now() - started, cacheFile };
}
