/** Resolves in a task of its own, so the browser can paint and answer input before what follows the await runs. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
