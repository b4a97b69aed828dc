import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import solc from 'solc';
import type { Abi, Hex } from 'viem';

const require = createRequire(import.meta.url);

type SolcOutput = {
  errors?: { severity: string; formattedMessage: string }[];
  contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
};

/**
 * Compiles one Solidity source of a chain test with solc-js (optimised, 200 runs; its imports read from
 * node_modules) and returns `contract`'s ABI and bytecode; a compile error fails the test's set-up.
 */
export function compileSolidity(
  file: string,
  content: string,
  contract: string,
  settings: { evmVersion?: string } = {},
): { abi: Abi; bytecode: Hex } {
  const input = {
    language: 'Solidity',
    sources: { [file]: { content } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      ...settings,
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const findImports = (p: string) => {
    try {
      return { contents: readFileSync(require.resolve(p), 'utf8') };
    } catch {
      return { error: `not found: ${p}` };
    }
  };
  const output = JSON.parse(
    (solc as { compile: (i: string, c: object) => string }).compile(JSON.stringify(input), {
      import: findImports,
    }),
  ) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const c = output.contracts[file]![contract]!;
  return { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` };
}
