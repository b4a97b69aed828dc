import type { FastifyInstance } from 'fastify';
import { type AuditFinding, type ProjectAudits } from '../../api/audits';
import {
  Audit as AuditSchema,
  AuditFinding as AuditFindingSchema,
  AuditProjectParams,
  AuditPublishBody,
  FindingParams,
  FindingStatusBody,
  ProjectAudits as ProjectAuditsSchema,
} from '../../api/audits.schemas';
import { AppError, notFound } from '../errors';
import { audit as auditLog } from '../plugins/audit';
import { requireAdmin } from '../plugins/session';
import { created, replies, typed } from './schemas';
import {
  auditsApply,
  projectAudits,
  publishAudit,
  requireProjectId,
  setFindingStatus,
  toFinding,
} from '../projects/audits';

/**
 * Audit records: the public list of a project's audits (a Partner API read), and the staff workflow (admin only,
 * CSRF and JSON by the /api/ write defaults): publish an audit with its findings, change a finding's status. Each
 * write is recorded in the admin audit log (impersonation_audit: a 'write' row with the admin as actor and subject,
 * saying what changed) and queues the
 * project's recompute from its records (server/ratings/auditSignals.ts), so its Code Security score, badge and
 * audit date follow.
 */
export async function auditsRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);

  app.get(
    '/api/projects/:id/audits',
    {
      config: { partnerRead: true },
      schema: {
        operationId: 'getProjectAudits',
        tags: ['Projects'],
        summary: "A project's security audits",
        description:
          'Audits newest first, each with its findings (severity, status) and their counts; `applicable` is false for a native coin with no contract.',
        params: AuditProjectParams,
        response: replies(ProjectAuditsSchema),
      },
    },
    async (request): Promise<ProjectAudits> => {
      await requireProjectId(app.db, request.params.id);
      return projectAudits(app.db, request.params.id);
    },
  );

  app.post(
    '/api/admin/projects/:id/audits',
    {
      preValidation: async (request) => void requireAdmin(request),
      schema: {
        tags: ['Admin'],
        summary: 'Publish an audit with its findings (admin)',
        params: AuditProjectParams,
        body: AuditPublishBody,
        response: created(AuditSchema),
      },
    },
    async (request, reply) => {
      const admin = requireAdmin(request);
      const { id } = request.params;
      const body = request.body;
      await requireProjectId(app.db, id);
      if (!(await auditsApply(app.db, id))) {
        throw new AppError(409, 'NotApplicable', 'A native coin has no smart contract to audit.', {
          projectId: 'Not applicable: a native coin has no smart contract to audit',
        });
      }
      const result = await publishAudit(app.db, id, body, admin.username, app.clock.now());
      await auditLog(app, {
        adminId: admin.username,
        subjectId: admin.username,
        action: 'write',
        detail: {
          method: request.method,
          path: request.routeOptions.url,
          statusCode: 201,
          what: 'audit published',
          projectId: id,
          auditId: result.id,
          findings: result.findings.length,
        },
      });
      return reply.status(201).send(result);
    },
  );

  app.put(
    '/api/admin/audit-findings/:id',
    {
      preValidation: async (request) => void requireAdmin(request),
      schema: {
        tags: ['Admin'],
        summary: "Change an audit finding's status (admin)",
        params: FindingParams,
        body: FindingStatusBody,
        response: replies(AuditFindingSchema),
      },
    },
    async (request): Promise<AuditFinding> => {
      const admin = requireAdmin(request);
      const { id } = request.params;
      const { status } = request.body;
      const outcome = await setFindingStatus(app.db, id, status, admin.username, app.clock.now());
      if (!outcome) throw notFound(`No audit finding ${id}.`);
      await auditLog(app, {
        adminId: admin.username,
        subjectId: admin.username,
        action: 'write',
        detail: {
          method: request.method,
          path: request.routeOptions.url,
          statusCode: 200,
          what: 'finding status changed',
          projectId: outcome.projectId,
          findingId: id,
          from: outcome.before,
          to: status,
        },
      });
      return toFinding(outcome.finding);
    },
  );
}
