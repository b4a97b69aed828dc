import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { FindingStatus } from '../../api/audits';
import type { AuditPublishBody } from '../../api/audits.schemas';
import type { AddContractBody } from '../../api/chains.schemas';
import { contractAt, listProjectContracts, projectHasContract } from '../chains/contracts';
import { AppError, badRequest, notFound } from '../errors';
import { audit as auditLog } from '../plugins/app/audit';
import { repositoryPlugin } from '../plugins/app/repository';
import type { SessionUser } from '../plugins/app/session';
import { SIGNAL_KEYS } from '../ratings/methodology';
import { applySignalChanges, ProjectNotFoundError, UnknownSignalError } from '../ratings/recompute';
import { latestAnnouncement, toAdminAnnouncement } from '../site/announcements';
import { auditsApply, publishAudit, requireProjectId, setFindingStatus, toFinding } from './audits';
import { requireProject } from './detail';

const KNOWN_SIGNALS = new Set(SIGNAL_KEYS);

/** The 400 of signals no methodology knows, each named in its field. */
const unknownSignals = (message: string, keys: string[]) =>
  badRequest(message, Object.fromEntries(keys.map((k) => [`signals.${k}`, 'Unknown signal'])));

/**
 * What staff change through /api/admin (admins only, checked by the routes): the announcement as they edit it, audits
 * and their findings' status, the contracts monitored for a project, a project's signals. An audit write is kept in
 * the admin audit log, with the admin as actor and subject, answered `statusCode`.
 */
export function adminRepository(app: FastifyInstance) {
  const logWrite = (
    request: FastifyRequest,
    admin: SessionUser,
    statusCode: number,
    detail: Record<string, unknown>,
  ) =>
    auditLog(app, {
      adminId: admin.username,
      subjectId: admin.username,
      action: 'write',
      detail: { method: request.method, path: request.routeOptions.url, statusCode, ...detail },
    });
  const confirmationsOf = (chainId: number) => app.chains.get(chainId)?.confirmations ?? 0;
  return {
    /** The newest announcement, active or not. */
    announcement: async () => {
      const row = await latestAnnouncement(app.db);
      return row ? toAdminAnnouncement(row) : null;
    },
    /** Changes a finding's status (with the project's audit signals and a recompute); 404 for an unknown finding. */
    setFindingStatus: async (
      request: FastifyRequest,
      admin: SessionUser,
      id: number,
      status: FindingStatus,
    ) => {
      const outcome = await setFindingStatus(app.db, id, status, admin.username, app.clock.now());
      if (!outcome) throw notFound(`No audit finding ${id}.`);
      await logWrite(request, admin, 200, {
        what: 'finding status changed',
        projectId: outcome.projectId,
        findingId: id,
        from: outcome.before,
        to: status,
      });
      return toFinding(outcome.finding);
    },
    /** Publishes an audit with its findings; 404 for an unknown project, 409 for a native coin. */
    publishAudit: async (
      request: FastifyRequest,
      admin: SessionUser,
      projectId: string,
      body: z.output<typeof AuditPublishBody>,
    ) => {
      await requireProjectId(app.db, projectId);
      if (!(await auditsApply(app.db, projectId))) {
        throw new AppError(409, 'NotApplicable', 'A native coin has no smart contract to audit.', {
          projectId: 'Not applicable: a native coin has no smart contract to audit',
        });
      }
      const result = await publishAudit(app.db, projectId, body, admin.username, app.clock.now());
      await logWrite(request, admin, 201, {
        what: 'audit published',
        projectId,
        auditId: result.id,
        findings: result.findings.length,
      });
      return result;
    },
    /**
     * Monitors a contract for a project, on a configured chain, unless another project has it; the contract as the
     * project's list shows it.
     */
    addContract: async (projectId: string, body: z.output<typeof AddContractBody>) => {
      const project = await requireProject(app, projectId);
      const chain = app.chains.get(body.chainId);
      if (!chain)
        throw badRequest('This chain is not configured here.', { chainId: 'Choose a configured chain' });
      const address = body.address.toLowerCase();
      const existing = await contractAt(app.db, address);
      if (existing && existing.projectId !== project.id)
        throw badRequest('This contract belongs to another project.', {
          address: 'This contract is monitored for another project',
        });
      await app.chains.addContract({
        projectId: project.id,
        chain,
        address,
        label: body.label ?? existing?.label ?? 'Contract',
        abi: body.abi ?? null,
        fromBlock: body.fromBlock,
      });
      const list = await listProjectContracts(app.db, project.id, confirmationsOf);
      const added = list.find((c) => c.address.toLowerCase() === address && c.chainId === chain.id);
      if (!added) throw notFound('The contract was removed meanwhile.');
      return added;
    },
    /** Stops monitoring a contract of the project; 404 when the project has no such contract. */
    removeContract: async (projectId: string, chainId: number, address: string) => {
      const key = address.toLowerCase();
      if (!(await projectHasContract(app.db, projectId, chainId, key)))
        throw notFound(`No contract ${address} on chain ${chainId} in project "${projectId.slice(0, 200)}".`);
      await app.chains.removeContract(chainId, key);
    },
    /** Merges the values into the project's stored signals and recomputes it; the score changes. */
    setSignals: async (projectId: string, signals: Record<string, number | null>) => {
      const unknown = Object.keys(signals).filter((k) => !KNOWN_SIGNALS.has(k));
      if (unknown.length > 0) {
        throw unknownSignals(
          `Unknown signal${unknown.length === 1 ? '' : 's'}: ${unknown.slice(0, 10).join(', ')}`,
          unknown.slice(0, 20),
        );
      }
      try {
        return await applySignalChanges(app.db, projectId, signals, { asOf: app.clock.now() });
      } catch (err) {
        if (err instanceof ProjectNotFoundError) throw notFound('Project not found.');
        if (err instanceof UnknownSignalError) throw unknownSignals(err.message, err.keys);
        if (err instanceof TypeError) throw new AppError(400, 'ValidationError', err.message);
        throw err;
      }
    },
  };
}

export type AdminRepository = ReturnType<typeof adminRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    admin: AdminRepository;
  }
}

/** The admin repository of this app's database as `app.admin`. */
export const admin = repositoryPlugin('admin', adminRepository, ['db', 'config', 'clock', 'chains']);
