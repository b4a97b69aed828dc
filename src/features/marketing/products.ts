export type Product = {
  slug: string;
  name: string;
  eyebrow: string;
  title: string;
  lead: string;
  stats: { value: string; label: string }[];
  features: { title: string; text: string }[];
  process: { title: string; text: string }[];
  faq: { q: string; a: string }[];
};

export const PRODUCTS: Product[] = [
  {
    slug: 'security-audit',
    name: 'Security Audit',
    eyebrow: 'Smart contract audit',
    title: 'Ship contracts your users can trust',
    lead: 'Line-by-line manual review by senior engineers, backed by fuzzing, symbolic execution and formal specification of the properties that matter most for your protocol.',
    stats: [
      { value: '2 engineers', label: 'independently review every line' },
      { value: '5–15 days', label: 'typical engagement for a DeFi protocol' },
      { value: '100%', label: 'of findings re-verified after your fixes' },
    ],
    features: [
      { title: 'Manual review first', text: 'Two auditors read the whole codebase independently, then reconcile. Tools find bugs in code; people find bugs in designs — economic exploits, broken assumptions between contracts, unsafe upgrade paths.' },
      { title: 'Property-based fuzzing', text: 'We write invariants for your protocol — “total shares never exceed total assets”, “only the timelock can change fees” — and fuzz them with millions of generated transaction sequences.' },
      { title: 'Economic attack modelling', text: 'Flash-loan scenarios, oracle manipulation, sandwiching and governance takeovers are simulated against forked mainnet state, not just described in a checklist.' },
      { title: 'Clear, actionable report', text: 'Every finding has a severity, a proof of concept, the affected lines and a recommended fix. The public report is written for your users, the private appendix for your developers.' },
      { title: 'Fix review included', text: 'After you patch, we review each fix and the diff around it, and publish the final status of every finding so nobody has to guess what was resolved.' },
      { title: 'Rating integration', text: 'A completed audit feeds the Code Security category of your Sentinel score and shows an “Audited” badge on the leaderboard and your project page.' },
    ],
    process: [
      { title: 'Scoping', text: 'We read your documentation and repository, agree on the commit, the contracts in scope and the threat model, and give you a fixed quote.' },
      { title: 'Review', text: 'Independent manual review, automated analysis and invariant fuzzing run in parallel. You get a shared channel with the auditors throughout.' },
      { title: 'Report', text: 'A preliminary report with every finding and proof of concept, walked through on a call with your engineers.' },
      { title: 'Remediation', text: 'We verify each fix, update the report and publish it alongside your rating.' },
    ],
    faq: [
      { q: 'Which languages and chains do you cover?', a: 'Solidity and Vyper on every EVM chain, Rust on Solana, Near and CosmWasm, and Move. If your stack is unusual, ask — we will tell you honestly whether we are the right team.' },
      { q: 'Does an audit guarantee my project is safe?', a: 'No audit can. It substantially reduces risk at a point in time. That is why we pair audits with continuous monitoring through Skynet.' },
      { q: 'Can we keep the report private?', a: 'Yes. Publishing is recommended and improves your rating, but the decision is yours.' },
    ],
  },
  {
    slug: 'skynet',
    name: 'Skynet',
    eyebrow: 'Monitoring and analytics',
    title: 'Security that keeps watching after launch',
    lead: 'Skynet watches your contracts, privileged roles, liquidity and community around the clock and turns what it sees into a live security score and real-time alerts.',
    stats: [
      { value: '17', label: 'chains indexed in real time' },
      { value: '< 30 s', label: 'from suspicious transaction to alert' },
      { value: '6', label: 'risk categories scored continuously' },
    ],
    features: [
      { title: 'Privileged access tracking', text: 'Every owner, admin and multisig with power over your contracts is mapped, and every call to a privileged function is recorded and flagged when it deviates from normal.' },
      { title: 'Live security score', text: 'Code security, fundamental health, operational resilience, governance strength, market stability and community trust are recomputed as new data arrives.' },
      { title: 'Exchange and liquidity metrics', text: 'Volume, depth and the number of trading pairs across centralised and decentralised venues, so a sudden liquidity pull is visible the moment it happens.' },
      { title: 'On-chain activity analytics', text: 'Top callers, events and function calls show who actually uses your protocol and how — and surface bots and attackers rehearsing an exploit.' },
      { title: 'Social signal monitoring', text: 'Tweets, mentions and follower growth tracked by day. Impersonation campaigns and phishing links often show up on social channels before they reach the chain.' },
      { title: 'Alerting where you work', text: 'Alerts reach your team on Telegram, Slack, Discord, e-mail or a webhook, with the transaction, the decoded call and a suggested response.' },
    ],
    process: [
      { title: 'Connect', text: 'Tell us your contract addresses and chains. No code changes or agents are required.' },
      { title: 'Baseline', text: 'Skynet learns normal behaviour for your protocol over the first days of monitoring.' },
      { title: 'Alert', text: 'Deviations — a new admin, an unusual withdrawal, an oracle outlier — trigger alerts with context.' },
      { title: 'Respond', text: 'Our incident team is on call to help you triage and coordinate with exchanges and bridges.' },
    ],
    faq: [
      { q: 'Is Skynet only for audited projects?', a: 'No. Many teams start monitoring before an audit, and the data makes the audit itself sharper.' },
      { q: 'Where does the data come from?', a: 'Our own archive nodes and indexers on each supported chain, market data from exchange APIs, and public social data.' },
      { q: 'Can investors see our Skynet data?', a: 'The security score and public metrics are shown on your project page. Alert details stay with your team.' },
    ],
  },
  {
    slug: 'skytrace',
    name: 'Skytrace',
    eyebrow: 'Transaction tracing',
    title: 'Follow the money, across every hop',
    lead: 'Skytrace reconstructs where funds went after an exploit or a scam — through mixers, bridges and swaps — and packages the evidence for exchanges and law enforcement.',
    stats: [
      { value: '40+', label: 'bridges and swap routers decoded' },
      { value: '17', label: 'chains in one graph' },
      { value: '24/7', label: 'incident response hotline' },
    ],
    features: [
      { title: 'Cross-chain graph', text: 'Bridge deposits are matched to their withdrawals on the other side, so a trail that jumps chains stays one trail.' },
      { title: 'Entity labels', text: 'Exchange deposit addresses, known attackers, mixers and OTC desks are labelled from our own research and partner intelligence.' },
      { title: 'Live watch on stolen funds', text: 'Put attacker addresses on watch and get an alert the moment funds move, with the destination already identified.' },
      { title: 'Evidence-grade exports', text: 'Reports with transaction hashes, timestamps and methodology that exchanges and investigators can act on.' },
    ],
    process: [
      { title: 'Report', text: 'Send us the attack transaction or the victim address through the incident form or hotline.' },
      { title: 'Trace', text: 'Analysts and Skytrace follow the funds and identify cash-out points.' },
      { title: 'Freeze', text: 'We contact exchanges and stablecoin issuers holding traced funds with the evidence.' },
      { title: 'Recover', text: 'We support negotiation, legal teams and law enforcement through to recovery.' },
    ],
    faq: [
      { q: 'How quickly should we contact you after an exploit?', a: 'Immediately. The first hours decide whether funds can still be frozen at an exchange.' },
      { q: 'Do you help individuals?', a: 'For individual victims we publish guidance and forward cases that meet thresholds to partner investigators.' },
    ],
  },
  {
    slug: 'pentest',
    name: 'Penetration Testing',
    eyebrow: 'Offensive security',
    title: 'Your contracts are only as safe as your infrastructure',
    lead: 'Most stolen funds in recent years left through compromised front-ends, keys and cloud accounts — not contract bugs. Our penetration testers attack everything around your contracts first.',
    stats: [
      { value: 'Web, API, cloud', label: 'and key-management in one scope' },
      { value: 'OWASP + Web3', label: 'methodology with wallet-specific checks' },
      { value: 'Retest', label: 'included for every finding' },
    ],
    features: [
      { title: 'dApp front-end testing', text: 'DNS and CDN takeover, supply-chain attacks on your build, injected wallet prompts and transaction tampering in the browser.' },
      { title: 'API and back-end', text: 'Authentication, authorisation, rate limits and the off-chain services that sign or relay transactions.' },
      { title: 'Cloud and CI/CD', text: 'IAM configuration, secrets in pipelines, deployer keys and the paths an attacker would take from a leaked token to your treasury.' },
      { title: 'Social engineering', text: 'Optional phishing simulations against your team, the most common first step of a serious compromise.' },
    ],
    process: [
      { title: 'Rules of engagement', text: 'Targets, time windows and contacts agreed in writing.' },
      { title: 'Reconnaissance and testing', text: 'Black-box first, then grey-box with the access a real attacker might gain.' },
      { title: 'Report', text: 'Findings ranked by exploitability and impact on funds, with reproduction steps.' },
      { title: 'Retest', text: 'We verify fixes and issue a closing letter.' },
    ],
    faq: [
      { q: 'Will testing disrupt production?', a: 'We agree the intensity and windows with you; destructive tests run only against staging.' },
      { q: 'Do you test hardware wallets and multisig setups?', a: 'We review your signing procedures and configuration, which is where most multisig failures happen.' },
    ],
  },
];
