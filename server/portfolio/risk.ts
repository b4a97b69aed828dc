import { riskLevel, RISK_LEVELS, type Portfolio } from '../../api/portfolio';
import { TIERS } from '../../api/projects';
import { walletsOf } from '../accounts/wallets';
import type { Db } from '../db/client';
import { holdingsOf, projectFactsIn, watchlistProjectIds } from './queries';

/** The portfolio risk view of one user: watched projects, holdings and the exposure they add up to. */

const round1 = (n: number) => Math.round(n * 10) / 10;
const cents = (n: number) => Math.round(n * 100) / 100;
const share = (part: number, total: number) =>
  total === 0 ? 0 : Math.round((part / total) * 10_000) / 10_000;

/** The watched projects (lowest score first) and their summary, weighted by how many watchlists hold each. */
async function watchedRisk(db: Db, userId: string) {
  const lists = await watchlistProjectIds(db, userId);
  const weight = new Map<string, number>();
  for (const list of lists)
    for (const id of new Set(list.projects)) weight.set(id, (weight.get(id) ?? 0) + 1);
  const ids = [...weight.keys()];
  const rows = await projectFactsIn(db, ids);
  const items = rows
    .map((p) => ({ ...p, risk: riskLevel(p.score), watchlists: weight.get(p.id) ?? 1 }))
    .sort((a, b) => a.score - b.score || a.name.localeCompare(b.name));
  const totalWeight = items.reduce((s, p) => s + p.watchlists, 0);
  const weightedScore =
    totalWeight === 0 ? null : round1(items.reduce((s, p) => s + p.score * p.watchlists, 0) / totalWeight);
  return {
    projects: items,
    summary: {
      projectCount: items.length,
      weightedScore,
      lowestScore: items[0]?.score ?? null,
      risk: weightedScore === null ? null : riskLevel(weightedScore),
      byRisk: {
        high: items.filter((p) => p.risk === 'high').length,
        medium: items.filter((p) => p.risk === 'medium').length,
        low: items.filter((p) => p.risk === 'low').length,
      },
    },
  };
}

/** The holdings, riskiest first (most value at risk), and the exposure by tier and risk band. */
async function holdingsRisk(db: Db, userId: string) {
  const rows = await holdingsOf(db, userId);
  const totalUsd = rows.reduce((s, h) => s + h.amountUsd, 0);
  const items = rows
    .map((h) => ({
      ...h,
      amountUsd: cents(h.amountUsd),
      risk: riskLevel(h.score),
      share: share(h.amountUsd, totalUsd),
      atRiskUsd: cents((h.amountUsd * (100 - h.score)) / 100),
    }))
    .sort((a, b) => b.atRiskUsd - a.atRiskUsd || a.score - b.score || a.name.localeCompare(b.name));
  const sumWhere = (keep: (h: (typeof items)[number]) => boolean) =>
    items.filter(keep).reduce((s, h) => s + h.amountUsd, 0);
  const valueWeightedScore =
    totalUsd === 0 ? null : round1(rows.reduce((s, h) => s + h.score * h.amountUsd, 0) / totalUsd);
  return {
    holdings: items,
    exposure: {
      totalUsd: cents(totalUsd),
      atRiskUsd: cents(items.reduce((s, h) => s + h.atRiskUsd, 0)),
      valueWeightedScore,
      risk: valueWeightedScore === null ? null : riskLevel(valueWeightedScore),
      byTier: TIERS.map((tier) => {
        const amountUsd = sumWhere((h) => h.tier === tier);
        return { tier, amountUsd: cents(amountUsd), share: share(amountUsd, totalUsd) };
      }),
      byRisk: RISK_LEVELS.map((risk) => {
        const amountUsd = sumWhere((h) => h.risk === risk);
        return { risk, amountUsd: cents(amountUsd), share: share(amountUsd, totalUsd) };
      }),
    },
  };
}

export async function portfolioOf(db: Db, userId: string): Promise<Portfolio> {
  return {
    wallets: await walletsOf(db, userId),
    ...(await watchedRisk(db, userId)),
    ...(await holdingsRisk(db, userId)),
  };
}
