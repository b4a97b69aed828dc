import { useState } from 'react';

/**
 * A value made once for the component's life and never changed: an actor's logic with its provided actions, or
 * its start input. Not state (nothing sets it), so flow state stays in machines.
 */
export function useConstant<T>(make: () => T): T {
  return useState(make)[0];
}
