import {
  keywordBodySchema,
  keywordClustersBodySchema,
  keywordClustersResponseSchema,
  keywordDataBodySchema,
  keywordDataResponseSchema,
  keywordResponseSchema,
  keywordSerpBodySchema,
  keywordSerpResponseSchema,
} from '../schemas/keywords';
import { endpoint } from './endpoint';

/** The keyword tool: ideas for a term, their volumes, their groups, a keyword's top results. */
export const KEYWORDS_ENDPOINTS = {
  suggest: endpoint({
    method: 'POST',
    path: '/keyword',
    body: keywordBodySchema,
    status: 200,
    response: keywordResponseSchema,
  }),
  getVolumes: endpoint({
    method: 'POST',
    path: '/keyword-data',
    body: keywordDataBodySchema,
    status: 200,
    response: keywordDataResponseSchema,
  }),
  cluster: endpoint({
    method: 'POST',
    path: '/keyword-clusters',
    body: keywordClustersBodySchema,
    status: 200,
    response: keywordClustersResponseSchema,
  }),
  getTopResults: endpoint({
    method: 'POST',
    path: '/keyword-serp',
    body: keywordSerpBodySchema,
    status: 200,
    response: keywordSerpResponseSchema,
  }),
};
