import { WatchlistsView } from '../features/watchlist/WatchlistsView';

/** /my/watchlists (spec §2). */
export default function WatchlistsPage() {
  return (
    <main className="page container watchlists-page" id="main">
      <h1>Watchlists</h1>
      <WatchlistsView />
    </main>
  );
}
