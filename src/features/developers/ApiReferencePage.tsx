import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useRef } from 'react';
import { fromCallback } from 'xstate';
import {
  apiReferenceMachine,
  type ApiReferenceEvent,
} from '../../../machines/api-reference/apiReference.machine';
import { inspect } from '../../lib/inspect';

/** The page's `reference`: loads Scalar, mounts it into `container`, says how that went; stopping unmounts it. */
const scalarReference = (container: { current: HTMLDivElement | null }) =>
  fromCallback<ApiReferenceEvent>(({ sendBack }) => {
    let app: { destroy?: () => void } | undefined;
    let stopped = false;
    // Scalar validates with zod, whose first parse probes `Function('')` for its JIT: under our CSP (no
    // 'unsafe-eval') that probe is a reported violation. jitless skips the probe (zod then interprets its schemas).
    // Set on zod's global config object (what `config()` writes), before Scalar's code runs: importing zod first to
    // call config() depends on how the build orders chunks (a build put zod's entry behind Scalar's own chunk).
    const zodConfig = globalThis as { __zod_globalConfig?: Record<string, unknown> };
    zodConfig.__zod_globalConfig = { ...zodConfig.__zod_globalConfig, jitless: true };
    void Promise.all([import('@scalar/api-reference'), import('@scalar/api-reference/style.css')])
      .then(([{ createApiReference }]) => {
        if (stopped || !container.current) return;
        app = createApiReference(container.current, {
          url: '/api/openapi.json',
          withDefaultFonts: false,
          telemetry: false,
          hideClientButton: true,
          showDeveloperTools: 'never',
          hideDarkModeToggle: true,
          forceDarkModeState: 'light',
          layout: 'modern',
          // The Agent Scalar chat calls proxy.scalar.com: off (offline, and our CSP's connect-src is 'self').
          agent: { disabled: true },
        }) as { destroy?: () => void };
        sendBack({ type: 'LOADED' });
      })
      .catch(() => {
        if (!stopped) sendBack({ type: 'FAILED' });
      });
    return () => {
      stopped = true;
      app?.destroy?.();
    };
  });

/**
 * /developers/api: the API reference, rendered by Scalar from the server's OpenAPI document (/api/openapi.json).
 * This page is a lazy route (App.tsx), and Scalar (with its styles) is imported only when it mounts, so the home
 * route loads none of it. Offline and under the site's CSP: no default (CDN) fonts, no telemetry, no proxy, no
 * "open in client" button that would call other origins. Scalar injects inline styles, so the server sends this page
 * a policy allowing them (server/plugins/securityHeaders.ts); links here are full page loads to get that policy.
 */
export default function ApiReferencePage() {
  const container = useRef<HTMLDivElement>(null);
  const logic = useMemo(
    () => apiReferenceMachine.provide({ actors: { reference: scalarReference(container) } }),
    [],
  );
  const actorRef = useActorRef(logic, { inspect });
  const failed = useSelector(actorRef, (s) => s.hasTag('failed'));

  return (
    <main className="developers-api" aria-labelledby="developers-api-title">
      <h1 id="developers-api-title" className="visually-hidden">
        API Reference
      </h1>
      {failed ? (
        <p role="alert">
          The reference could not be loaded. The contract is at{' '}
          <a href="/api/openapi.json">/api/openapi.json</a>.
        </p>
      ) : null}
      <div ref={container} data-testid="api-reference" />
    </main>
  );
}
