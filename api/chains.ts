import type { z } from 'zod';
import type * as schemas from './chains.schemas';
import type { Request } from './http';

export type ChainInfo = z.infer<typeof schemas.ChainInfo>;
export type MonitoringProgress = z.infer<typeof schemas.MonitoringProgress>;
export type MonitoredContract = z.infer<typeof schemas.MonitoredContract>;
export type AddContractBody = z.input<typeof schemas.AddContractBody>;

// ---- typed fetch functions ----

export const getChains = (request: Request) => request<ChainInfo[]>('/api/chains');

/** A project's contracts with their monitoring progress and data source. */
export const getProjectContracts = (request: Request, projectId: string) =>
  request<MonitoredContract[]>(`/api/projects/${encodeURIComponent(projectId)}/contracts`);

export const addProjectContract = (request: Request, projectId: string, body: AddContractBody) =>
  request<MonitoredContract>(`/api/admin/projects/${encodeURIComponent(projectId)}/contracts`, {
    method: 'POST',
    body,
  });

export const removeProjectContract = (
  request: Request,
  projectId: string,
  chainId: number,
  address: string,
) =>
  request<void>(
    `/api/admin/projects/${encodeURIComponent(projectId)}/contracts/${chainId}/${encodeURIComponent(address)}`,
    { method: 'DELETE' },
  );
