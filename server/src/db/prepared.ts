import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Db } from './connect';
import type { Database } from './schema';

/** Where a parameter of the compiled query comes from: an argument, or the query itself. */
type Slot = { argument: number } | { value: unknown };

/**
 * A query Kysely builds and compiles once and then runs with each call's values: for the
 * small queries every request makes, building and compiling the query tree costs more
 * than running it. `build` gets a placeholder for each argument and must put them into
 * the query as values, unchanged (convert them before the call); the SQL and parameters
 * sent are then exactly those building the query each time would give, and PostgreSQL
 * keeps the statement prepared (connect.ts). Rows only (a select, or a statement with
 * `returning`); for an app without Kysely plugins.
 */
export function preparedQuery<Args extends unknown[], Row>(
  db: Db,
  build: (kysely: Kysely<Database>, ...args: Args) => Compilable<Row>,
): (...args: Args) => Promise<Row[]> {
  let compiled: CompiledQuery<Row> | undefined;
  let slots: Slot[] = [];
  return async (...args: Args) => {
    if (!compiled) {
      // Mixed case and outer spaces: a conversion left inside `build` (trim, lower case)
      // changes the placeholder, and the check below reports it.
      const placeholders = args.map((_, i) => ` \u0000Prepared-Argument-${i}\u0000 `);
      const query = build(db.kysely, ...(placeholders as Args)).compile();
      slots = query.parameters.map((parameter) => {
        const argument = placeholders.indexOf(parameter as string);
        return argument >= 0 ? { argument } : { value: parameter };
      });
      placeholders.forEach((_, i) => {
        if (!slots.some((slot) => 'argument' in slot && slot.argument === i)) {
          throw new Error(`preparedQuery: argument ${i} is not a value of the query`);
        }
      });
      db.prepareStatement?.(query.sql);
      compiled = query;
    }
    const parameters = slots.map((slot) => ('argument' in slot ? args[slot.argument] : slot.value));
    const result = await db.kysely.executeQuery<Row>({ ...compiled, parameters });
    return result.rows;
  };
}
