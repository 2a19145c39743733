import type { z } from 'zod';
import type { SerpVendor } from '@core/schemas/serp';
import type { SerpProvider } from './port';

/**
 * Everything SpeedRank knows of one SERP vendor, in its adapter's file: the variables that
 * configure it (parsed into the app's configuration), when it counts as configured, what a
 * search costs, and how its adapter is made. `vendors.ts` lists them.
 */
export interface SerpVendorDescriptor<Shape extends z.ZodRawShape = z.ZodRawShape> {
  readonly id: SerpVendor;
  /** Its variables with their parsing: credentials and base URL. */
  readonly env: Shape;
  /** The variables an operator sets to configure it, as a configuration error names them. */
  readonly keyNames: string;
  /** Whether its credentials are set. */
  hasKey(env: z.output<z.ZodObject<Shape>>): boolean;
  /**
   * Its published price per 1,000 searches (one request of ten results) in USD at its entry
   * plan, as last known (the source is named beside it): an estimate, never an invoice.
   */
  readonly pricePerThousandUsd: number;
  /** Its adapter, `timeoutMs` being the app's timeout for a provider's call. */
  create(env: z.output<z.ZodObject<Shape>>, timeoutMs: number): SerpProvider;
}

/** Types a descriptor by its own variables. */
export const defineSerpVendor = <Shape extends z.ZodRawShape>(
  descriptor: SerpVendorDescriptor<Shape>,
): SerpVendorDescriptor<Shape> => descriptor;
