import type { SubScores } from '../../api/projects';

/** Sub-scores all at `v`: for fixtures where only the overall score and tier matter. */
export const evenSubScores = (v: number): SubScores => ({
  codeSecurity: v,
  fundamentalHealth: v,
  operationalResilience: v,
  governanceStrength: v,
  marketStability: v,
  communityTrust: v,
});
