/**
 * @app/contract: the HTTP API written once. Every call's path, access, request and answer schemas
 * (TypeBox: JSON Schema for the server's validation and /docs/json, TypeScript types for both
 * sides), the rspCodes, the field limits and the Chinese messages the contract promises.
 */
export * from './limits';
export * from './covers';
export * from './rsp-codes';
export * from './rules';
export * from './emoji';
export * from './schema-kit';
export * from './shapes';
export * from './call';
export * from './api';
export type * from './renderer';
export * from './calls/account';
export * from './calls/account-closing';
export * from './calls/password';
export * from './calls/points';
export * from './calls/templates';
export * from './calls/video-task';
export * from './calls/storage';
export * from './calls/system';
export * from './calls/admin';
export * from './calls/admin-users';
export * from './calls/remotes';
export * from './calls/ai';
export * from './calls/pages';
export * from './remote-compat';
