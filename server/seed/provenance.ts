import { MARKET_SNAPSHOT_DATE } from '../../api/projects';
import { SNAPSHOT_BY_SYMBOL } from './facts/market-snapshot';
import { slugify } from './generate';
import { KNOWN_LIST } from './known-projects';

/**
 * Where a seeded project's figures come from, for pages that label them: its market cap is the dated snapshot's
 * (server/seed/facts/market-snapshot.ts) for the assets listed there, demo data for every other project; social
 * figures are always demo data; monitoring figures are demo data unless a contract is monitored on chain.
 */
const SNAPSHOT_PROJECT_IDS: ReadonlySet<string> = new Set(
  KNOWN_LIST.filter((k) => k.name && SNAPSHOT_BY_SYMBOL.has(k.symbol)).map((k) => slugify(k.name!)),
);

/** MARKET_SNAPSHOT_DATE when the project's market cap comes from the shipped snapshot; null when it is demo data. */
export function marketDataAsOf(projectId: string): string | null {
  return SNAPSHOT_PROJECT_IDS.has(projectId) ? MARKET_SNAPSHOT_DATE : null;
}

/** Which figures of a project are demo data (see ProjectDetail.demo in api/projects.schemas.ts). */
export function demoFlags(
  projectId: string,
  contractSources: readonly string[],
): { market: boolean; social: boolean; monitoring: boolean } {
  return {
    market: marketDataAsOf(projectId) === null,
    social: true,
    monitoring: !contractSources.includes('chain'),
  };
}
