import { PeersPanel } from './PeersPanel';
import { ScoreChartPanel } from './ScoreChartPanel';
import { WhyScorePanel } from './WhyScorePanel';

/** The ratings panels of a project page (score history, "Why this score", peers): one chunk, loaded with the page. */
export default function RatingsPanels({ projectId, name }: { projectId: string; name: string }) {
  return (
    <>
      <ScoreChartPanel projectId={projectId} />
      <WhyScorePanel projectId={projectId} />
      <PeersPanel projectId={projectId} name={name} />
    </>
  );
}
