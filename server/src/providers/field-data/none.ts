import type { FieldData, FieldDataProvider } from './port';

/** Without a CrUX key there is no real-user data to show, and the UI says so. */
export class NoFieldData implements FieldDataProvider {
  readonly source = 'none' as const;
  async fetch(): Promise<FieldData> {
    return { page: null, origin: null };
  }
}
