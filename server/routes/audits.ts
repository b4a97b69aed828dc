import { and, eq } from 'drizzle-orm';
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
import type { Db } from '../db/client';
import { auditFindings, audits } from '../db/schema/index';
import { AppError, notFound } from '../errors';
import { audit as auditLog } from '../plugins/audit';
import { refreshAuditSignals } from '../ratings/auditSignals';
import { requireAdmin } from '../plugins/session';
import { created, replies, typed } from './schemas';
import { auditsApply, projectAudits, requireProjectId, toAudit, toFinding } from '../projects/audits';

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
      const result = await app.db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        const [row] = await t
          .insert(audits)
          .values({
            projectId: id,
            auditor: body.auditor,
            publishedOn: body.publishedOn,
            scope: body.scope,
            commit: body.commit,
            contracts: body.contracts,
            reportUrl: body.reportUrl,
            source: 'staff',
            publishedBy: admin.username,
            createdAt: app.clock.now(),
          })
          .returning();
        const findings =
          body.findings.length === 0
            ? []
            : await t
                .insert(auditFindings)
                .values(
                  body.findings.map((f) => ({
                    auditId: row!.id,
                    title: f.title,
                    severity: f.severity,
                    status: f.status,
                    updatedBy: admin.username,
                    updatedAt: app.clock.now(),
                  })),
                )
                .returning();
        await refreshAuditSignals(t, id);
        return toAudit(row!, findings);
      });
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
      const outcome = await app.db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        const [found] = await t
          .select({ finding: auditFindings, projectId: audits.projectId })
          .from(auditFindings)
          .innerJoin(audits, eq(audits.id, auditFindings.auditId))
          .where(eq(auditFindings.id, id))
          .limit(1);
        if (!found) return null;
        const [updated] = await t
          .update(auditFindings)
          .set({ status, updatedBy: admin.username, updatedAt: app.clock.now() })
          .where(and(eq(auditFindings.id, id)))
          .returning();
        if (found.finding.status !== status) await refreshAuditSignals(t, found.projectId);
        return { finding: updated!, projectId: found.projectId, before: found.finding.status };
      });
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
