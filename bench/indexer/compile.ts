import { compileBenchToken } from './chain';

/**
 * Compiles BenchToken.sol and prints the result as JSON. bench/indexer.ts runs this in a child process, so solc-js
 * (a WebAssembly compiler of several hundred MB) does not count in the peak RSS of the process our indexer runs in.
 */
process.stdout.write(JSON.stringify(await compileBenchToken()));
