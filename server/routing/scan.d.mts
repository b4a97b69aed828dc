export type ScannedFolder = {
  path: string;
  autohooks: string | undefined;
  routes: string[];
  folders: ScannedFolder[];
};
export const ROUTES_DIR: string;
export const MANIFEST_FILE: string;
export function segmentOf(name: string): string;
export function scanRoutes(dir?: string, relative?: string): ScannedFolder;
export function manifestSource(tree?: ScannedFolder): string;
export function writeManifest(): boolean;
