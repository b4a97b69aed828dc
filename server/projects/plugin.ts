import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { listProjectContracts } from '../chains/contracts';
import { peerCohorts, snapshotsFrom, storedSignals } from '../ratings/queries';
import { countPageView } from '../ratings/trending';
import { repositoryPlugin } from '../plugins/app/repository';
import { projectAudits, requireProjectId } from './audits';
import { averageYesPercentage, projectDetail, requireProject } from './detail';
import { castVote, voteTally } from './rows';

/** A project's queries and reads over this app's database, for the routes of /api/projects. */
export function projectRepository(app: FastifyInstance) {
  return {
    /** The project of this id, or the API's 404. */
    require: (id: string) => requireProject(app, id),
    /** The API's 404 unless a project has this id (reads no more than its id). */
    requireId: (id: string) => requireProjectId(app.db, id),
    /** The project as GET /api/projects/:id answers this request (see projectDetail). */
    detail: (request: FastifyRequest, reply: FastifyReply, id: string) =>
      projectDetail(app, request, reply, id),
    averageYesPercentage: () => averageYesPercentage(app.database),
    /** Counts a view of the project's page at `at`; the day's views so far. */
    countPageView: (id: string, at: Date) => countPageView(app.db, id, at),
    castVote: (id: string, voterKey: string, yes: boolean) => castVote(app.db, id, voterKey, yes),
    voteTally: (id: string, voterKey: string | undefined) => voteTally(app.db, id, voterKey),
    audits: (id: string) => projectAudits(app.db, id),
    contracts: (id: string, confirmationsOf: (chainId: number) => number) =>
      listProjectContracts(app.db, id, confirmationsOf),
    peerCohorts: (project: Parameters<typeof peerCohorts>[1], sampleSize: number) =>
      peerCohorts(app.db, project, sampleSize),
    storedSignals: (id: string) => storedSignals(app.db, id),
    /** The score snapshots of the project from `start` on, and the last one before it. */
    snapshotsFrom: (id: string, start: Date) => snapshotsFrom(app.db, id, start),
  };
}

export type ProjectRepository = ReturnType<typeof projectRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    projects: ProjectRepository;
  }
}

/** The project repository of this app's database as `app.projects`. */
export const projects = repositoryPlugin('projects', projectRepository, ['db', 'database']);
