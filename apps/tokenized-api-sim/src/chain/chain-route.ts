// The chain backend's route shape, below the backend (chain-backend.ts) and the route tables
// it assembles (admin-routes.ts), so neither imports the other for it.
import type { SimRequest } from '../routes.ts';
import type { SimResponse } from '../sim-response.ts';

/** One route: method, template (after /api/v2), handler. */
export type ChainRoute = readonly [
  'GET' | 'POST',
  string,
  (request: SimRequest) => SimResponse | Promise<SimResponse>,
];
