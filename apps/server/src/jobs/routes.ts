/** Jobs as their owners see them: the header's job indicator lists them, shows progress, cancels. */
import { sql } from 'drizzle-orm';
import { dataResponse, IdParams, Job, JOB_STATUSES, listResponse, type Permission, JOB_LIST } from '@qm/contracts';
import { can, requireAuth } from '../http/auth.js';
import { registerList } from '../http/crud.js';
import { badRequest, notFound, ruleViolated } from '../http/errors.js';
import { columns, filters, type ListSpec } from '../http/list.js';
import { action, type Kit } from '../http/kit.js';
import { JOB_COLUMNS, jobById } from './runner.js';

/** Everyone's jobs are visible to holders of this permission; others see their own. */
const SEE_ALL: Permission = 'audit.read';

const jobList: ListSpec<Job> = {
  from: sql`jobs j`,
  select: JOB_COLUMNS,
  sort: columns('j', 'id', 'created_at', 'status'),
  defaultSort: '-id',
  key: sql`j.id`,
  filters: {
    ...filters.ints('j', 'created_by'),
    // Taken out by `resolve` (it widens the list to everyone's jobs for those who may see them).
    everyone: () => sql`true`,
    ...filters.eqs('j', 'kind'),
    status: (values) => {
      for (const v of values) if (!(JOB_STATUSES as readonly string[]).includes(v)) throw badRequest(`Unknown job status ${v}`, { 'filter.status': 'Unknown status' });
      return filters.eq(sql`j.status`)(values);
    },
    active: filters.bool(sql`(j.status in ('queued', 'running'))`, 'active'),
  },
  search: filters.ilike(sql`j.title`),
};

export function jobRoutes({ app, db, jobs: runner }: Kit) {
  const tags = ['jobs'];
  registerList(app, db, {
    url: '/api/job',
    tags,
    summary: 'Background jobs: your own; everyone’s with filter[everyone]=true (needs audit.read)',
    response: listResponse(Job),
    fields: JOB_LIST,
    spec: jobList,
    filename: 'jobs',
    // Your own jobs unless you may see everyone's and asked to.
    resolve: async (q, req) => {
      const me = requireAuth(req);
      const { everyone, ...rest } = q.filter ?? {};
      if (everyone === 'true' && can(req, SEE_ALL)) return { ...q, filter: rest };
      return { ...q, filter: { ...rest, created_by: String(me.userId) } };
    },
  });

  const ownJob = async (req: Parameters<typeof requireAuth>[0], id: number) => {
    const me = requireAuth(req);
    const job = await jobById(db, id);
    if (!job || (job.created_by !== me.userId && !can(req, SEE_ALL))) throw notFound('The job');
    return job;
  };

  action(app, {
    method: 'GET',
    url: '/api/job/:id',
    access: 'signed-in',
    tags,
    summary: 'One job with its progress, result or error',
    params: IdParams,
    response: { 200: dataResponse(Job) },
    handler: async (req) => ({ data: (await ownJob(req, req.params.id)) as Job }),
  });

  action(app, {
    method: 'POST',
    url: '/api/job/:id/cancel',
    access: 'signed-in',
    tags,
    summary: 'Cancel a queued or running job; what it did so far is not applied',
    params: IdParams,
    response: { 200: dataResponse(Job) },
    handler: async (req) => {
      const job = await ownJob(req, req.params.id);
      const after = await runner.cancel(db, job.id);
      if (!after) throw ruleViolated(`This job has already ended (${job.status}).`);
      return { data: after as Job };
    },
  });
}
