import { fromPromise, type NonReducibleUnknown } from 'xstate';

/**
 * A machine's request, declared in `setup({ actors })` for its types and replaced by the app with `.provide()`
 * (machines never import the HTTP client). Run without it, the machine fails loudly and names what is missing.
 */
export const notProvided = <Output, Input = NonReducibleUnknown>(name: string) =>
  fromPromise<Output, Input>(async () => {
    throw new Error(`${name} not provided`);
  });
