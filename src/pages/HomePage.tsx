import { HomePage as HomeContent } from '../features/home/HomePage';
import { TourLauncher } from '../features/tour/TourLauncher';

/** Home, plus the guided tour when asked for (?tour=true or a saved tour; the tour is a lazy chunk). */
export function HomePage() {
  return (
    <>
      <HomeContent />
      <TourLauncher />
    </>
  );
}
