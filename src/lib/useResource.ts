import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { resourceMachine } from '../../machines/core/resource/resource.machine';
import { inspect } from './inspect';
import { useConstant } from './useConstant';

export type Resource<T> = {
  loading: boolean;
  ready: boolean;
  notFound: boolean;
  failed: boolean;
  data: T | null;
  retry: () => void;
};

/**
 * Remote data for one page section through the resource machine. The loader is read once, when the component
 * mounts: give the component a `key` that changes with the loader's inputs. `served` is the data the page arrived
 * with, if any: shown at once, and nothing is fetched.
 */
export function useResource<T>(load: () => Promise<T>, served?: T): Resource<T> {
  // Made once: building a machine on every render cost the first page load.
  const logic = useConstant(() =>
    resourceMachine.provide({ actors: { load: fromPromise<unknown>(() => load()) } }),
  );
  const actorRef = useActorRef(logic, { inspect, input: { data: served } });
  const loading = useSelector(actorRef, (s) => s.hasTag('loading'));
  const ready = useSelector(actorRef, (s) => s.hasTag('ready'));
  const notFound = useSelector(actorRef, (s) => s.hasTag('notFound'));
  const failed = useSelector(actorRef, (s) => s.hasTag('error'));
  const data = useSelector(actorRef, (s) => s.context.data) as T | null;
  return { loading, ready, notFound, failed, data, retry: () => actorRef.send({ type: 'RETRY' }) };
}
