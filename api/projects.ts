import { z } from 'zod';

/** A project as search results and pickers show it (spec §3). */
export const ProjectSummary = z.object({
  id: z.string(),
  rank: z.number().int().nullable(),
  logo: z.string(),
  name: z.string(),
  tokenTickers: z.array(z.string()),
});
export type ProjectSummary = z.infer<typeof ProjectSummary>;

export const SearchProjectQuery = z.object({
  keyword: z.string().max(100).default(''),
});
