import { nextTask } from '../lib/nextTask';

// React DOM's module body is the costliest script of the start (~12 ms on a desktop, ~50 at a phone's 4× CPU). main.tsx
// imports it first, through here, and the page gets a turn before the app's own modules run: otherwise the whole
// start is one long task that blocks input (Lighthouse's Total Blocking Time).
export { createRoot, hydrateRoot } from 'react-dom/client';
await nextTask();
