import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { HomePage } from './pages/HomePage';

const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));

/** Route table. Home is eager (it is the landing page); every other page is a lazy chunk. */
export function App() {
  return (
    <Suspense fallback={null}>
      <Switch>
        <Route path="/" component={HomePage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
