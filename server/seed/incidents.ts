import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { KNOWN_INCIDENTS } from './facts/incidents';
import { knownName, slugify } from './generate';
import { rows } from '../db/rows';
import { KNOWN_LIST } from './known-projects';

/**
 * What the incidents database needs beyond facts/incidents.ts for each public incident, as its source describes it:
 * the kind of incident, how it was done and the chains it hit.
 */
const PUBLIC_DETAILS: Record<string, { type: string; technique: string; chains: string[] }> = {
  'Harmony: Horizon bridge exploit': {
    type: 'key compromise',
    technique: 'Bridge multisig keys compromised',
    chains: ['Ethereum', 'Harmony'],
  },
  'BNB Chain: BSC Token Hub bridge exploit': {
    type: 'exploit',
    technique: 'Forged cross-chain proof',
    chains: ['BNB Chain'],
  },
  'Curve: Vyper re-entrancy exploit': {
    type: 'exploit',
    technique: 'Re-entrancy (Vyper compiler bug)',
    chains: ['Ethereum'],
  },
  'Ankr: aBNBc token exploit': {
    type: 'key compromise',
    technique: 'Deployer key compromised',
    chains: ['BNB Chain'],
  },
  'Poly Network: cross-chain keeper exploit': {
    type: 'exploit',
    technique: 'Forged cross-chain message replaced the keepers',
    chains: ['Ethereum', 'BNB Chain', 'Polygon'],
  },
  'Wormhole: Solana bridge signature bypass': {
    type: 'exploit',
    technique: 'Signature verification bypass',
    chains: ['Solana', 'Ethereum'],
  },
  'Euler Finance: flash loan exploit': {
    type: 'exploit',
    technique: 'Flash loan',
    chains: ['Ethereum'],
  },
};

/**
 * Type and technique of each generated alert title (server/seed/generate.ts ALERTS), for demo incidents: an alert
 * with none of these titles was not generated, and gets no demo incident.
 */
const DEMO_KINDS: [suffix: string, type: string, technique: string | null][] = [
  ['Flash loan exploit', 'exploit', 'Flash loan'],
  ['Private key compromise', 'key compromise', null],
  ['Oracle manipulation', 'oracle manipulation', null],
  ['Reentrancy attack', 'exploit', 'Re-entrancy'],
  ['Rug pull', 'rug pull', null],
  ['Phishing campaign', 'phishing', null],
  ['Bridge exploit', 'exploit', 'Bridge'],
  ['Governance attack', 'governance attack', null],
  ['Unusual privileged transaction', 'other', 'Upgrade without a timelock'],
  ['Front-end hijack', 'front-end hijack', 'DNS hijack'],
];

/** The ids the seed gives the curated (real) projects. */
const curatedIds = () => KNOWN_LIST.flatMap((k) => (knownName(k) ? [slugify(knownName(k)!)] : []));

/** Project name of a public incident's title ("Curve: Vyper re-entrancy exploit" → "Curve"). */
const nameOf = (title: string) => title.split(':')[0]!.trim();

/**
 * Loads the shipped incidents that are missing: each public incident of facts/incidents.ts not yet stored (matched by
 * its source link; source 'public', linked to the rated project the seed pinned it on, if that project exists
 * here), and, when no demo incident is stored yet, one demo incident (source 'demo') per generated alert of an
 * invented project. Real projects only ever carry the public list (the generator puts nothing else on them, and the
 * curated projects are left out here for data generated before that held), so nothing invented lands on a real
 * project. Runs after the alerts are written; only ever inserts, so rows staff approved or made stay as they are,
 * and a second run adds nothing.
 */
export async function seedMissingIncidents(db: Db): Promise<number> {
  const publicRows = KNOWN_INCIDENTS.map((i) => {
    const d = PUBLIC_DETAILS[i.title];
    return {
      title: i.title,
      project_name: nameOf(i.title),
      occurred_on: i.occurredAt.slice(0, 10),
      type: d?.type ?? 'exploit',
      technique: d?.technique ?? null,
      loss_usd: i.lossUsd,
      returned_usd: i.returnedUsd,
      chains: d?.chains ?? [],
      source_url: i.source,
      description: i.description,
    };
  });
  const inserted = rows<{ id: number }>(
    await db.execute(sql`
      INSERT INTO incidents (project_id, project_name, occurred_on, type, technique, loss_usd, returned_usd, chains,
                             source_url, description, source)
      SELECT (SELECT a.project_id FROM alerts a WHERE a.title = x.title LIMIT 1),
             x.project_name, x.occurred_on, x.type, x.technique, x.loss_usd, x.returned_usd,
             ARRAY(SELECT jsonb_array_elements_text(x.chains)), x.source_url, x.description, 'public'
      FROM jsonb_to_recordset(${JSON.stringify(publicRows)}::jsonb) AS x(title text, project_name text,
        occurred_on date, type text, technique text, loss_usd real, returned_usd real, chains jsonb, source_url text,
        description text)
      WHERE NOT EXISTS (SELECT 1 FROM incidents i WHERE i.source_url = x.source_url)
      RETURNING id`),
  );

  const demoStored = rows<{ n: number }>(
    await db.execute(
      sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM incidents WHERE source = 'demo' LIMIT 1) x`,
    ),
  );
  if (demoStored[0]?.n) return inserted.length;
  const knownTitles = KNOWN_INCIDENTS.map((i) => i.title);
  const kinds = DEMO_KINDS.map(([suffix, type, technique]) => ({ suffix: `: ${suffix}`, type, technique }));
  // A quarter of the demo losses are partly returned (a deterministic pick), so the column shows both cases.
  const demo = rows<{ id: number }>(
    await db.execute(sql`
      INSERT INTO incidents (project_id, project_name, occurred_on, type, technique, loss_usd, returned_usd, chains,
                             description, source)
      SELECT a.project_id, p.name, (a.occurred_at AT TIME ZONE 'UTC')::date, k.type, k.technique,
             a.loss_usd,
             CASE WHEN a.loss_usd IS NULL THEN NULL WHEN a.id % 4 = 0 THEN round(a.loss_usd * 0.4) ELSE 0 END,
             p.chains[1:2], a.description, 'demo'
      FROM alerts a
      JOIN projects p ON p.id = a.project_id
      JOIN jsonb_to_recordset(${JSON.stringify(kinds)}::jsonb) AS k(suffix text, type text, technique text)
        ON right(a.title, length(k.suffix)) = k.suffix
      WHERE a.title NOT IN (SELECT jsonb_array_elements_text(${JSON.stringify(knownTitles)}::jsonb))
        AND a.project_id NOT IN (SELECT jsonb_array_elements_text(${JSON.stringify(curatedIds())}::jsonb))
        -- An alert staff wrote when approving a report already has its incident.
        AND NOT EXISTS (SELECT 1 FROM incidents i
                        WHERE i.project_id = a.project_id AND i.occurred_on = (a.occurred_at AT TIME ZONE 'UTC')::date)
      ORDER BY a.occurred_at, a.id
      RETURNING id`),
  );
  return inserted.length + demo.length;
}
