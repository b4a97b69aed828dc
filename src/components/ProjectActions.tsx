import type { ProjectSummary } from '../../api/projects';
import { AddToWatchlistButton } from './AddToWatchlistButton';

/**
 * Extra per-project actions, shown in each leaderboard row's action cell and in the project page header.
 * The watchlists feature's add-to-watchlist control (the same app-wide watchlist actor everywhere).
 */
export function ProjectActions({ project, placement }: { project: ProjectSummary; placement: 'row' | 'header' }) {
  return (
    <AddToWatchlistButton
      projectId={project.id}
      projectName={project.name}
      variant={placement === 'row' ? 'icon' : 'full'}
    />
  );
}
