/**
 * Project logos go through an imgix-compatible resizing service (spec §7 "Other calls"): auto=format, fit=max,
 * the width and an optional quality. The host is VITE_IMAGE_HOST when set, else our own server, which answers
 * GET /img/* (SVG as is).
 */
export type ImageOptions = { width: number; quality?: number };

const envHost = (): string => {
  try {
    return (import.meta.env?.VITE_IMAGE_HOST as string | undefined) ?? '';
  } catch {
    return '';
  }
};

export function imageUrl(path: string, { width, quality }: ImageOptions, host: string = envHost()): string {
  const base = host.replace(/\/+$/, '');
  const p = path.startsWith('/') ? path : `/${path}`;
  const q = quality === undefined ? '' : `&q=${Math.round(quality)}`;
  return `${base}/img${p}?auto=format&fit=max&w=${Math.round(width)}${q}`;
}
