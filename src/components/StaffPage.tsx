import type { ComponentPropsWithoutRef, ReactNode } from 'react';

type StaffPageView = { title: string; getMainProps: () => ComponentPropsWithoutRef<'main'> };

/** A staff page's landmark and heading, above what the page shows. */
export function StaffPage({ view, children }: { view: StaffPageView; children?: ReactNode }) {
  return (
    <main {...view.getMainProps()}>
      <h1>{view.title}</h1>
      {children}
    </main>
  );
}

/**
 * What a staff page shows until its data is there: no access, loading, or the load's failure with a retry;
 * null on the page's own screen.
 */
export function staffGate(
  view: StaffPageView & {
    screen: string;
    forbiddenText: string;
    getRetryButtonProps: () => ComponentPropsWithoutRef<'button'>;
  },
  loadError: ReactNode,
  retryText: ReactNode,
) {
  switch (view.screen) {
    case 'forbidden':
      return (
        <StaffPage view={view}>
          <p role="alert">{view.forbiddenText}</p>
        </StaffPage>
      );
    case 'loading':
      return <StaffPage view={view} />;
    case 'loadFailed':
      return (
        <StaffPage view={view}>
          <p role="alert">{loadError}</p>
          <button {...view.getRetryButtonProps()}>{retryText}</button>
        </StaffPage>
      );
    default:
      return null;
  }
}
