/**
 * The sandbox web's public face: what the server mounts and reads. Code outside `sandbox/`
 * imports `@sandbox` only, never a file inside it.
 */
export { sandboxSites } from './serve';
export {
  buildManifest,
  sharedManifest,
  statusOnDay,
  summaryInParts,
  type SandboxLighthouseLab,
  type SandboxManifest,
  type SandboxPage,
  type SandboxSite,
  type SandboxShop,
  type SandboxShopAccount,
} from './manifest';
export { RESPONSE_HEADER_BYTES, type PageWeight, type ResourceWeight } from './page-weight';
export { isSandboxUrl, resolveSandboxAddress, sandboxOrigin, SANDBOX_DOMAIN } from './host';
export { PETSHOP_ID } from './petshop';
export { LIGHTHOUSE_FAULT_AUDITS, type LighthouseFault, type LighthouseFaultAudit } from './model';
export {
  dayOfIsoDate,
  isoDateOfDay,
  isPublished,
  lastChangedDay,
  sandboxDay,
  seasonDay,
  SEASON_DAYS,
  type PageSchedule,
} from './schedule';
/** A fresh generation, not the process's shared one: for benchmarks of its cost. */
export { generateSandbox } from './generate';
/** The seeded random the sandbox is generated with: tests use it for repeatable data. */
export { mulberry32 } from './prng';
