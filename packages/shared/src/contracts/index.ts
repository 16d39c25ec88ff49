/**
 * Every API endpoint's contract, one module per server module (docs/api.md "Contracts"). The
 * server registers routes from these; the web app calls them through its generated endpoint
 * references (apps/web/src/api/endpoints/), which carry only method and path at run time.
 */
export * from './endpoint.js';
export * as billsApi from './bills.js';
